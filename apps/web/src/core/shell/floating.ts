/**
 * Room kept for the shell's floating parts (decision 0951). From 'sm' up the Feedback tab and the Support button
 * live in a right rail of RAIL_WIDTH px; below it the Support button floats at the bottom right, so the main
 * area ends FLOAT_CLEARANCE px lower and bars stuck to the bottom keep FLOAT_CLEARANCE px free on the right.
 */
export const RAIL_WIDTH = 64;
export const FLOAT_CLEARANCE = 76;
