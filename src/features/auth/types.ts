// Wire types are shared with the server; the client imports only their types.
export type { User, Role, ProfileStep, Profile } from '../../../server/modules/users/schema';
export type {
  TokenResponse,
  MessageResponse,
  LoginBody,
  RegisterBody,
  RegisterSimplifiedBody,
  CompleteProfileBody,
  UpdateProfileBody,
} from '../../../server/modules/auth/schema';

import type { User } from '../../../server/modules/users/schema';

/** 201 without a token: the account waits for admin approval. */
export interface PendingRegistrationResponse {
  message: string;
  user: User;
}
