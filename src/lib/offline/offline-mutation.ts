import {
  MutationObserver,
  onlineManager,
  useMutation,
  type Mutation,
  type MutateOptions,
  type MutationKey,
  type MutationOptions,
  type QueryClient,
  type UseMutationResult,
  useQueryClient,
} from '@tanstack/react-query';
import { isNoAnswer } from '../api-client';
import { MAX_MUTATION_RETRIES, shouldRetry } from '../retry-policy';
import { newIdempotencyKey } from './idempotency-key';
import { reportNetworkFailure, useOnlineStatus } from './online-status';

/**
 * What an offline-capable write stores as its variables: the caller's input plus the Idempotency-Key
 * chosen when the change was made. Both survive a reload inside the persisted paused mutation, so a
 * replay after a lost answer sends the same key and the server applies it once.
 */
export interface Queued<TInput> {
  input: TInput;
  idempotencyKey: string;
}

export const queued = <TInput>(input: TInput): Queued<TInput> => ({
  input,
  idempotencyKey: newIdempotencyKey(),
});

/**
 * Every offline-capable write shares one scope: TanStack runs a scope's mutations one after the other,
 * so changes queued offline are replayed once each, in the order they were made.
 */
export const OFFLINE_SCOPE = { id: 'offline-writes' };

/** `meta.offline` names the change for the message shown when a replayed change is refused. */
export interface OfflineMeta extends Record<string, unknown> {
  offline: string;
}

export function isOfflineMutation(mutation: Pick<Mutation, 'meta'>): boolean {
  return typeof (mutation.meta as Partial<OfflineMeta> | undefined)?.offline === 'string';
}

export function offlineLabel(mutation: Pick<Mutation, 'meta'>): string | null {
  const label = (mutation.meta as Partial<OfflineMeta> | undefined)?.offline;
  return typeof label === 'string' ? label : null;
}

export type OfflineMutationOptions<TData, TInput, TContext> = MutationOptions<
  TData,
  Error,
  Queued<TInput>,
  TContext
> & { mutationKey: MutationKey };

interface OfflineMutationConfig<TData, TInput, TContext> extends Omit<
  MutationOptions<TData, Error, TInput, TContext>,
  'mutationFn' | 'mutationKey'
> {
  mutationKey: MutationKey;
  /** e.g. "Marking a notification read": names the change when a replay is refused. */
  label: string;
  /** The request, sending the Idempotency-Key header. */
  send: (input: TInput, idempotencyKey: string) => Promise<TData>;
}

const retryWrite = shouldRetry(MAX_MUTATION_RETRIES);

/**
 * A change that got no answer at all (no network, the server unreachable, while the browser may still
 * say "online") is not refused: the app goes offline (see online-status.ts), and the change waits as
 * one made offline, to be sent with the same key once the server answers. Any other failure is retried
 * as every write is (a 4xx never).
 */
const waitOnNoAnswer = {
  retry: (failureCount: number, error: Error) => isNoAnswer(error) || retryWrite(failureCount, error),
  // Waiting starts at once, so the change counts as queued; otherwise TanStack's default delay.
  retryDelay: (failureCount: number, error: Error) =>
    isNoAnswer(error) ? 0 : Math.min(1000 * 2 ** failureCount, 30_000),
};

/**
 * Turns a feature's write (its optimistic callbacks written for the plain input) into options for
 * `setMutationDefaults`: the mutationFn and callbacks are found again by key after a reload, which is
 * how TanStack resumes persisted paused mutations.
 */
export function offlineMutationOptions<TData, TInput, TContext>({
  mutationKey,
  label,
  send,
  onMutate,
  onSuccess,
  onError,
  onSettled,
  ...rest
}: OfflineMutationConfig<TData, TInput, TContext>): OfflineMutationOptions<TData, TInput, TContext> {
  return {
    ...rest,
    mutationKey,
    scope: OFFLINE_SCOPE,
    networkMode: 'online',
    meta: { offline: label } satisfies OfflineMeta,
    ...waitOnNoAnswer,
    mutationFn: ({ input, idempotencyKey }) =>
      send(input, idempotencyKey).catch((error: unknown) => {
        if (isNoAnswer(error)) reportNetworkFailure();
        throw error;
      }),
    onMutate: onMutate && ((variables, context) => onMutate(variables.input, context)),
    onSuccess:
      onSuccess && ((data, variables, result, context) => onSuccess(data, variables.input, result, context)),
    onError:
      onError && ((error, variables, result, context) => onError(error, variables.input, result, context)),
    onSettled:
      onSettled &&
      ((data, error, variables, result, context) => onSettled(data, error, variables.input, result, context)),
  };
}

/** Registers the defaults of every offline-capable write (before the persisted cache is restored). */
export function registerOfflineMutations(
  client: QueryClient,
  // Each factory has its own data and input types; only the key matters here.
  factories: ((client: QueryClient) => { mutationKey: MutationKey })[],
): void {
  for (const factory of factories) {
    const options = factory(client);
    client.setMutationDefaults(options.mutationKey, options as MutationOptions<unknown, Error, unknown>);
  }
}

export type OfflineMutateOptions<TData, TInput, TContext> = MutateOptions<TData, Error, TInput, TContext> & {
  /** Called instead of the others when the change is queued offline (it shows optimistically). */
  onQueued?: () => void;
};

export type OfflineMutationResult<TData, TInput, TContext> = Omit<
  UseMutationResult<TData, Error, TInput, TContext>,
  'mutate' | 'mutateAsync'
> & {
  /** The change is waiting offline for the connection to come back. */
  isQueued: boolean;
  mutate: (input: TInput, options?: OfflineMutateOptions<TData, TInput, TContext>) => void;
  /** Resolves with undefined at once when the change is queued offline. */
  mutateAsync: (input: TInput) => Promise<TData | undefined>;
};

function adaptCallbacks<TData, TInput, TContext>(
  options: OfflineMutateOptions<TData, TInput, TContext> | undefined,
): MutateOptions<TData, Error, Queued<TInput>, TContext> | undefined {
  if (!options) return undefined;
  const { onSuccess, onError, onSettled } = options;
  return {
    onSuccess: onSuccess && ((data, v, result, context) => onSuccess(data, v.input, result, context)),
    onError: onError && ((error, v, result, context) => onError(error, v.input, result, context)),
    onSettled:
      onSettled && ((data, error, v, result, context) => onSettled(data, error, v.input, result, context)),
  };
}

/**
 * Calls `queued` once if the change sent with `variables` ends up waiting offline after it started
 * online (it found no network), and stops listening when the change is settled or dropped.
 */
function onceQueued(client: QueryClient, variables: Queued<unknown>, queued: () => void): void {
  const unsubscribe = client.getMutationCache().subscribe((event) => {
    const { mutation } = event;
    if (mutation?.state.variables !== variables) return;
    if (event.type === 'removed' || mutation.state.status !== 'pending') unsubscribe();
    else if (mutation.state.isPaused && !onlineManager.isOnline()) {
      unsubscribe();
      queued();
    }
  });
}

/**
 * `useMutation` for an offline-capable write, with the caller's plain input. Offline the change is
 * queued (paused) rather than "pending": no endless spinner, `isQueued` says so, and the offline banner
 * counts it until it is sent. A change that finds no network after starting online is queued the same.
 */
export function useOfflineMutation<TData, TInput, TContext>(
  options: OfflineMutationOptions<TData, TInput, TContext>,
): OfflineMutationResult<TData, TInput, TContext> {
  const client = useQueryClient();
  const mutation = useMutation(options);
  const online = useOnlineStatus();
  const isQueued = mutation.isPending && mutation.isPaused && !online;
  return {
    ...(mutation as unknown as Omit<
      UseMutationResult<TData, Error, TInput, TContext>,
      'mutate' | 'mutateAsync'
    >),
    variables: mutation.variables?.input,
    isPending: mutation.isPending && !isQueued,
    isQueued,
    mutate(input, callOptions) {
      const variables = queued(input);
      mutation.mutate(variables, adaptCallbacks(callOptions));
      const onQueued = callOptions?.onQueued;
      if (!onlineManager.isOnline()) onQueued?.();
      else if (onQueued) onceQueued(client, variables, onQueued);
    },
    mutateAsync(input) {
      return runOffline(client, mutation.mutateAsync, input);
    },
  } as OfflineMutationResult<TData, TInput, TContext>;
}

/** Resolves with the server's answer, or with undefined once the change is queued offline. */
function runOffline<TData, TInput>(
  client: QueryClient,
  mutate: (variables: Queued<TInput>) => Promise<TData>,
  input: TInput,
): Promise<TData | undefined> {
  const variables = queued(input);
  const result = mutate(variables);
  // Queued, the outcome arrives after reconnecting (a refusal is reported by the mutation cache).
  const waiting = () => {
    result.catch(() => undefined);
    return undefined;
  };
  if (!onlineManager.isOnline()) return Promise.resolve(waiting());
  return new Promise((resolve, reject) => {
    onceQueued(client, variables, () => resolve(waiting()));
    result.then(resolve, reject);
  });
}

/** The same for stores outside React: runs the write, or resolves undefined once it is queued offline. */
export function runOfflineMutation<TData, TInput, TContext>(
  client: QueryClient,
  options: OfflineMutationOptions<TData, TInput, TContext>,
  input: TInput,
): Promise<TData | undefined> {
  const observer = new MutationObserver(client, options);
  return runOffline(client, (variables) => observer.mutate(variables), input);
}
