import { ModalsProvider } from '@mantine/modals';
import { render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactNode } from 'react';
import { AppProviders } from '../../../../src/app/providers';
import type { Postback, Webhook } from '../../../../src/features/integrations/types';

export function makeWebhook(overrides: Partial<Webhook> = {}): Webhook {
  return {
    id: 'w-1',
    url: 'https://hooks.example.com/affilio',
    events: ['conversion.created', 'payout.paid'],
    description: 'ERP sync',
    enabled: true,
    secret: `whsec_${'Z'.repeat(32)}`,
    failing_since: null,
    created_at: '2025-05-01T10:00:00.000Z',
    ...overrides,
  };
}

export function makePostback(overrides: Partial<Postback> = {}): Postback {
  return {
    id: 'p-1',
    url: 'https://tracker.example.com/pb?cid={click_id}',
    campaign_id: null,
    on: ['conversion'],
    method: 'GET',
    enabled: true,
    failing_since: null,
    created_at: '2025-05-01T10:00:00.000Z',
    ...overrides,
  };
}

/** Renders a settings section with the app's providers and the confirm modals; answers the user to act. */
export function renderSection(section: ReactNode) {
  render(
    <AppProviders persist={false} env="test">
      <ModalsProvider>{section}</ModalsProvider>
    </AppProviders>,
  );
  return userEvent.setup();
}
