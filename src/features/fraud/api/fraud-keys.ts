import type { FraudQueueState } from '../types';

export interface FraudQueueParams {
  state: FraudQueueState;
  page: number;
  limit: number;
}

export const fraudKeys = {
  all: ['fraud'] as const,
  queue: (params: FraudQueueParams) => [...fraudKeys.all, 'queue', params] as const,
  settings: () => [...fraudKeys.all, 'settings'] as const,
};
