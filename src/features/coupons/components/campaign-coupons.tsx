import {
  Alert,
  Badge,
  Button,
  Group,
  Loader,
  NativeSelect,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { DataTable } from '../../../components/data-table';
import { errorMessage } from '../../../lib/api-client';
import { formatDate } from '../../../lib/format-date';
import { useTranslation } from '../../../lib/i18n';
import { showFailure, showSuccess } from '../../../lib/toast';
import { createCouponInput, useCreateCoupon, type CreateCouponInput } from '../api/create-coupon';
import { useCampaignCoupons } from '../api/get-campaign-coupons';
import { useRevokeCoupon } from '../api/revoke-coupon';
import type { CouponPublisher } from '../types';

interface CampaignCouponsProps {
  campaignId: string;
  /** the publishers approved on the campaign (composed by the app from the applications) */
  publishers: CouponPublisher[];
}

/**
 * The campaign's coupon codes for its advertiser: give an approved publisher a code, revoke one. A sale
 * reported with the code (postback `coupon`) is credited to that publisher without a click.
 */
export function CampaignCoupons({ campaignId, publishers }: CampaignCouponsProps) {
  const { t } = useTranslation('coupons');
  const coupons = useCampaignCoupons(campaignId);
  const create = useCreateCoupon(campaignId);
  const revoke = useRevokeCoupon(campaignId);
  const form = useForm<CreateCouponInput>({
    initialValues: { code: '', publisher_id: publishers[0]?.id ?? '' },
    validate: schemaResolver(createCouponInput, { sync: true }),
  });
  const nameOf = (id: string) => publishers.find((p) => p.id === id)?.name ?? t('campaign.unknownPublisher');

  const submit = form.onSubmit((values) =>
    create.mutate(values, {
      onSuccess: (created) => {
        showSuccess(t('campaign.given', { code: created.code, publisher: nameOf(created.publisher_id) }));
        form.setFieldValue('code', '');
      },
    }),
  );

  return (
    <Stack gap="sm" component="section" aria-labelledby="campaign-coupons-heading">
      <Title order={2} size="h5" id="campaign-coupons-heading">
        {t('campaign.heading')}
      </Title>
      <Text size="sm" c="dimmed">
        {t('campaign.intro')}
      </Text>
      {publishers.length === 0 ? (
        <Text size="sm">{t('campaign.noPublishers')}</Text>
      ) : (
        <form onSubmit={submit} noValidate>
          <Group align="flex-start" gap="sm" wrap="wrap">
            <TextInput
              label={t('campaign.code')}
              placeholder="PODCAST10"
              maxLength={40}
              style={{ flex: '1 1 10rem' }}
              {...form.getInputProps('code')}
            />
            <NativeSelect
              label={t('campaign.publisher')}
              data={publishers.map((p) => ({ value: p.id, label: p.name }))}
              style={{ flex: '1 1 10rem' }}
              {...form.getInputProps('publisher_id')}
            />
            <Button type="submit" mt={{ base: 0, xs: 25 }} loading={create.isPending}>
              {t('campaign.give')}
            </Button>
          </Group>
          {create.error && (
            <Alert color="red" variant="light" mt="xs">
              {errorMessage(create.error, t('campaign.notSaved'))}
            </Alert>
          )}
        </form>
      )}
      {coupons.isPending && <Loader size="sm" aria-label={t('campaign.loading')} />}
      {coupons.error && (
        <Alert color="red" variant="light">
          {errorMessage(coupons.error, t('campaign.loadFailed'))}
        </Alert>
      )}
      {coupons.data?.length === 0 && <Text size="sm">{t('campaign.none')}</Text>}
      {coupons.data && coupons.data.length > 0 && (
        <DataTable
          minWidth={420}
          aria-label={t('campaign.table')}
          head={[t('campaign.code'), t('campaign.publisher'), t('campaign.givenOn'), t('campaign.actions')]}
          cards={['title', 'subtitle', 'field', 'actions']}
          stickyActions
        >
          <Table.Tbody>
            {coupons.data.map((coupon) => (
              <Table.Tr key={coupon.id}>
                <Table.Td>
                  <Badge variant="light" radius="sm" tt="none" size="lg">
                    {coupon.code}
                  </Badge>
                </Table.Td>
                <Table.Td>{nameOf(coupon.publisher_id)}</Table.Td>
                <Table.Td>{formatDate(coupon.created_at)}</Table.Td>
                <Table.Td>
                  <Button
                    size="compact-xs"
                    variant="light"
                    color="red"
                    aria-label={t('campaign.revokeLabel', { code: coupon.code })}
                    onClick={() =>
                      revoke.mutate(coupon.id, { onError: showFailure(t('campaign.notRevoked')) })
                    }
                  >
                    {t('campaign.revoke')}
                  </Button>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </DataTable>
      )}
    </Stack>
  );
}
