// Types of scripts/e2e-split.mjs for its test (scripts/e2e-split.test.ts).
export interface JourneyShare {
  files: string[];
  last: string[];
  seconds: number;
}
export const DURATIONS_PATH: string;
export function isLast(file: string): boolean;
export function splitJourneys(files: string[], durations: Record<string, number>): [JourneyShare, JourneyShare];
export function journeyFiles(): string[];
export function readDurations(): Record<string, number>;
export function durationsFromLog(text: string): Record<string, number>;
