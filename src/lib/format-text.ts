/** "fashion" → "Fashion": how enum values (categories, modes, statuses) are shown as labels. */
export function capitalize(word: string): string {
  return word.charAt(0).toUpperCase() + word.slice(1);
}

/** A campaign's or website's category as a label, written the same on every screen. */
export function categoryLabel(category: string): string {
  return capitalize(category.replaceAll('_', ' '));
}
