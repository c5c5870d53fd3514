import { Code } from '@mantine/core';

/**
 * A translated sentence with code names in it: the catalog marks them with backticks
 * ("send `click_id` back"), shown here as code.
 */
export function CodeText({ text, mantine = false }: { text: string; mantine?: boolean }) {
  return text
    .split('`')
    .map((part, i) =>
      i % 2 === 1 ? mantine ? <Code key={i}>{part}</Code> : <code key={i}>{part}</code> : part,
    );
}
