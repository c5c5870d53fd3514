// Wire types are shared with the server; the client imports only their types.
export type {
  HealthResponse as CurrencyHealth,
  RatesResponse,
} from '../../../server/modules/currency/schema';
