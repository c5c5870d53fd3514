import { I18nProvider } from '@lingui/react';
import { MantineProvider } from '@mantine/core';
import { act, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { OfflineBanner } from '../../../src/components/offline-banner';
import { i18n } from '../../../src/lib/i18n';

afterEach(() => vi.restoreAllMocks());

describe('OfflineBanner', () => {
  it('says the server cannot be reached, then that the device is offline once the browser loses its network', () => {
    const onLine = vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(true);
    render(
      <I18nProvider i18n={i18n}>
        <MantineProvider>
          <OfflineBanner online={false} queued={0} updatedAt={Date.now()} partial={false} />
        </MantineProvider>
      </I18nProvider>,
    );
    expect(screen.getByRole('status')).toHaveTextContent("Can't reach the server");
    onLine.mockReturnValue(false);
    act(() => void window.dispatchEvent(new Event('offline')));
    expect(screen.getByRole('status')).toHaveTextContent("You're offline");
    onLine.mockReturnValue(true);
    act(() => void window.dispatchEvent(new Event('online')));
    expect(screen.getByRole('status')).toHaveTextContent("Can't reach the server");
  });
});
