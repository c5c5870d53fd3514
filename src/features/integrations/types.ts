export type {
  DeliveryWire as Delivery,
  PostbackWire as Postback,
  WebhookWire as Webhook,
} from '../../../server/modules/integrations/schema';

/** What `GET /api/publisher-postbacks/preview` answers: macro values from the latest conversion or samples. */
export interface PostbackPreview {
  conversion_id: string | null;
  values: Record<string, string>;
}

/** Which outgoing integration a delivery log belongs to (its API path). */
export type IntegrationKind = 'webhooks' | 'publisher-postbacks';

/** An approved campaign of the publisher (a postback may be limited to one). */
export interface PostbackCampaign {
  id: string;
  name: string;
}
