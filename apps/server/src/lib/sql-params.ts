/**
 * A statement's parameters as it is built: `add(value)` appends a value and answers its placeholder (`$3`), after the
 * values the list started with (a scope's own parameters). Never request text in SQL: only placeholders go in.
 */
export function sqlParams(initial: readonly unknown[] = []): { params: unknown[]; add: (value: unknown) => string } {
  const params = [...initial];
  return {
    params,
    add: (value) => {
      params.push(value);
      return `$${params.length}`;
    },
  };
}
