import { Alert, Badge, Button, Group, Loader, NativeSelect, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { DataTable } from '../../../components/data-table';
import { errorMessage } from '../../../lib/api-client';
import { formatDate } from '../../../lib/format-date';
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
  const coupons = useCampaignCoupons(campaignId);
  const create = useCreateCoupon(campaignId);
  const revoke = useRevokeCoupon(campaignId);
  const form = useForm<CreateCouponInput>({
    initialValues: { code: '', publisher_id: publishers[0]?.id ?? '' },
    validate: schemaResolver(createCouponInput, { sync: true }),
  });
  const nameOf = (id: string) => publishers.find((p) => p.id === id)?.name ?? 'Publisher';

  const submit = form.onSubmit((values) =>
    create.mutate(values, {
      onSuccess: (created) => {
        showSuccess(`Code ${created.code} given to ${nameOf(created.publisher_id)}`);
        form.setFieldValue('code', '');
      },
    }),
  );

  return (
    <Stack gap="sm" component="section" aria-labelledby="campaign-coupons-heading">
      <Title order={2} size="h5" id="campaign-coupons-heading">
        Coupon codes
      </Title>
      <Text size="sm" c="dimmed">
        Sales your shop reports with a code (postback field <code>coupon</code>) are credited to its publisher,
        without a click: for podcasts, video and social media.
      </Text>
      {publishers.length === 0 ? (
        <Text size="sm">Approve a publisher’s application to give them codes.</Text>
      ) : (
        <form onSubmit={submit} noValidate>
          <Group align="flex-start" gap="sm" wrap="wrap">
            <TextInput
              label="Code"
              placeholder="PODCAST10"
              maxLength={40}
              style={{ flex: '1 1 10rem' }}
              {...form.getInputProps('code')}
            />
            <NativeSelect
              label="Publisher"
              data={publishers.map((p) => ({ value: p.id, label: p.name }))}
              style={{ flex: '1 1 10rem' }}
              {...form.getInputProps('publisher_id')}
            />
            <Button type="submit" mt={{ base: 0, xs: 25 }} loading={create.isPending}>
              Give code
            </Button>
          </Group>
          {create.error && (
            <Alert color="red" variant="light" mt="xs">
              {errorMessage(create.error, 'The code was not saved.')}
            </Alert>
          )}
        </form>
      )}
      {coupons.isPending && <Loader size="sm" aria-label="Loading coupon codes" />}
      {coupons.error && (
        <Alert color="red" variant="light">
          {errorMessage(coupons.error, 'Could not load the coupon codes.')}
        </Alert>
      )}
      {coupons.data?.length === 0 && <Text size="sm">No codes yet.</Text>}
      {coupons.data && coupons.data.length > 0 && (
        <DataTable
          minWidth={420}
          aria-label="Coupon codes"
          head={['Code', 'Publisher', 'Given', 'Actions']}
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
                    aria-label={`Revoke code ${coupon.code}`}
                    onClick={() => revoke.mutate(coupon.id, { onError: showFailure('The code was not revoked') })}
                  >
                    Revoke
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
