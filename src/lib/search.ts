/** Spec §5 and §9: search runs only from 2 characters on, 300 ms after the last keystroke. */
export const MIN_SEARCH_LENGTH = 2;
export const SEARCH_DEBOUNCE_MS = 300;
