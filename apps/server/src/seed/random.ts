/** A small deterministic PRNG (mulberry32) so that the demo MLS is the same on every machine. */
export interface Rng {
  next(): number;
  int(min: number, max: number): number;
  pick<T>(items: readonly T[]): T;
  chance(p: number): boolean;
}

export function createRng(seed = 20261123): Rng {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return {
    next,
    int: (min, max) => min + Math.floor(next() * (max - min + 1)),
    pick: (items) => items[Math.floor(next() * items.length)],
    chance: (p) => next() < p,
  };
}

export const FIRST_NAMES = [
  'Olivia',
  'Liam',
  'Emma',
  'Noah',
  'Ava',
  'Mateo',
  'Sophia',
  'Lucas',
  'Isabella',
  'Ethan',
  'Mia',
  'Daniel',
  'Camila',
  'James',
  'Harper',
  'Benjamin',
  'Amelia',
  'Elijah',
  'Evelyn',
  'Alexander',
  'Luna',
  'Henry',
  'Sofia',
  'Sebastian',
  'Aria',
  'Jack',
  'Chloe',
  'Owen',
  'Layla',
  'Samuel',
  'Grace',
  'Leo',
  'Nora',
  'Julian',
  'Zoe',
  'David',
  'Hannah',
  'Wei',
  'Priya',
  'Arjun',
  'Mei',
  'Hiroshi',
  'Yuna',
  'Carlos',
  'Lucia',
  'Diego',
  'Valeria',
  'Omar',
  'Fatima',
] as const;

export const LAST_NAMES = [
  'Garcia',
  'Smith',
  'Johnson',
  'Martinez',
  'Nguyen',
  'Brown',
  'Lopez',
  'Davis',
  'Hernandez',
  'Wilson',
  'Kim',
  'Lee',
  'Anderson',
  'Thomas',
  'Taylor',
  'Moore',
  'Jackson',
  'Martin',
  'Perez',
  'Thompson',
  'White',
  'Harris',
  'Sanchez',
  'Clark',
  'Ramirez',
  'Lewis',
  'Robinson',
  'Walker',
  'Young',
  'Allen',
  'King',
  'Wright',
  'Scott',
  'Torres',
  'Patel',
  'Chen',
  'Wang',
  'Singh',
  'Flores',
  'Rivera',
  'Gomez',
  'Diaz',
  'Reyes',
  'Cruz',
  'Morales',
  'Ortiz',
  'Gutierrez',
] as const;
