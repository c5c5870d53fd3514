import { Code, List, Stack, Text, Title } from '@mantine/core';
import { SUB_IDS } from '../types';
import { subIdExample } from '../utils/snippets';

/** What publishers may add to a tracking link, and what the advertiser's landing page receives. */
export function SubIdHelp({ exampleUrl }: { exampleUrl?: string }) {
  return (
    <Stack gap={6} component="section" aria-labelledby="sub-id-help-heading">
      <Title order={2} size="h5" id="sub-id-help-heading">
        Sub-ids
      </Title>
      <Text size="sm">
        Add up to five sub-ids ({SUB_IDS.join(', ')}) to a tracking link to tell your placements apart, e.g.
        which newsletter, page or banner sent the click. They are kept with the click, passed on to the
        landing page and can be grouped in reports.
      </Text>
      {exampleUrl && <Code block>{subIdExample(exampleUrl)}</Code>}
      <List size="sm" spacing={2}>
        <List.Item>Letters, digits, dashes and underscores read best; keep each one short.</List.Item>
        <List.Item>
          The visitor lands on the advertiser’s page with a <Code>click_id</Code> that identifies the click;
          the conversion is credited to you through it.
        </List.Item>
      </List>
    </Stack>
  );
}
