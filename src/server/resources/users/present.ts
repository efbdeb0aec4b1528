import type { User } from '../../../shared/schemas/user.js';
import type { Row } from '../../crud/resource.js';

/** Field by field: the password hash never leaves the server. */
export function presentUser(row: Row): User {
  return {
    id: Number(row.id),
    userName: row.user_name,
    displayName: row.display_name,
    email: row.email,
    roles: JSON.parse(row.roles) as string[],
    isActive: Number(row.is_active) === 1,
    lastLoginAt: row.last_login_at ?? null,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}

export const userNameKey = (userName: string) => userName.trim().toLowerCase();
