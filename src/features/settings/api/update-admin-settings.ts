import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { api } from '../../../lib/api-client';
import { SUPPORTED_CURRENCIES } from '../../../../contracts/currencies';
import type { AdminSettings } from './get-admin-settings';
import { settingsKeys } from './settings-keys';

/** PUT /admin/settings takes any subset of the settings; the client sends only what changed. */
export const settingsPatchSchema = z
  .object({
    default_currency: z.enum(SUPPORTED_CURRENCIES),
    platform_fee_bps: z.number().int().min(0).max(10_000),
    min_payout_minor: z.number().int().min(0),
    hold_days: z.number().int().min(0).max(365),
    registration_requires_approval: z.boolean(),
    require_email_verification: z.boolean(),
    max_upload_bytes: z
      .number()
      .int()
      .min(1024)
      .max(100 * 1024 * 1024),
    rates_provider_url: z.url({ protocol: /^https?$/ }).nullable(),
    /** the referrer's share of each approved commission of the publishers they referred; 0: programme off */
    referral_share_bps: z.number().int().min(0).max(10_000),
    referral_months: z.number().int().min(1).max(120),
  })
  .partial();
export type SettingsPatch = z.infer<typeof settingsPatchSchema>;

export async function updateAdminSettings(patch: SettingsPatch): Promise<AdminSettings> {
  const { data } = await api.put<AdminSettings>('/admin/settings', settingsPatchSchema.parse(patch));
  return data;
}

export function useUpdateAdminSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateAdminSettings,
    onSuccess: (settings) => {
      queryClient.setQueryData(settingsKeys.admin(), settings);
      void queryClient.invalidateQueries({ queryKey: settingsKeys.public() });
    },
  });
}
