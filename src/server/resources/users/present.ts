import { userRecord } from '../../../shared/schemas/user.js';
import type { User } from '../../../shared/schemas/user.js';
import { presenterOf } from '../../crud/columns.js';

/** Field by field from the record schema, which has no password hash: it never leaves the server. */
export const presentUser = presenterOf<User>(userRecord);

export const userNameKey = (userName: string) => userName.trim().toLowerCase();
