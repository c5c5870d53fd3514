import { Checkbox, SimpleGrid } from '@mantine/core';

/** A group of checkboxes (events or triggers) that wraps into one column on a phone. */
export function EventCheckboxes<T extends string>({
  label,
  options,
  labels,
  error,
  value,
  onChange,
}: {
  label: string;
  options: readonly T[];
  labels?: Partial<Record<T, string>>;
  error?: string;
  value: T[];
  onChange(value: T[]): void;
}) {
  return (
    <Checkbox.Group label={label} error={error} value={value} onChange={(v) => onChange(v as T[])}>
      <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="xs" verticalSpacing={6} mt={6}>
        {options.map((option) => (
          <Checkbox key={option} value={option} label={labels?.[option] ?? option} />
        ))}
      </SimpleGrid>
    </Checkbox.Group>
  );
}
