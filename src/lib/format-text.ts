/** "fashion" → "Fashion": how enum values (categories, modes, statuses) are shown as labels. */
export function capitalize(word: string): string {
  return word.charAt(0).toUpperCase() + word.slice(1);
}

/** A campaign's or website's category as a label, written the same on every screen. */
export function categoryLabel(category: string): string {
  return capitalize(category.replaceAll('_', ' '));
}

/**
 * Up to two capital letters for an avatar: "Alice Smith" → "AS", "ops@example.com" → "OE"; "?" for
 * nothing to go on. Words are split at spaces and at an address's "@" and dots.
 */
export function initials(name: string): string {
  return (
    name
      .split(/[\s@.]+/)
      .filter(Boolean)
      .slice(0, 2)
      .map((part) => part[0]!.toUpperCase())
      .join('') || '?'
  );
}
