import { useTranslation } from 'react-i18next';
import { useQuery } from '@tanstack/react-query';
import type { Page } from '../../shared/api.js';
import { isLocale } from '../../shared/locale.js';
import { isBuiltInRole } from '../../shared/modules.js';
import type { Role } from '../../shared/schemas/role.js';
import { api } from '../api/client.js';
import type { Choice } from './resource-columns.js';

type RoleName = Pick<Role, 'key' | 'name' | 'translations'>;

/** Every role, built-in and custom (the list's pages of 100, in its order), for the users screen's choices. */
async function allRoles(): Promise<RoleName[]> {
  const roles: RoleName[] = [];
  for (let page = 1; ; page++) {
    const answer = await api<Page<RoleName>>('Role/Query', { body: { page, pageSize: 100, fields: ['key', 'name', 'translations'] } });
    roles.push(...answer.items);
    if (answer.items.length < 100 || roles.length >= answer.meta.total) return roles;
  }
}

/** A role's name in the reader's language: its translation when it has one, else its own (zh-CN). */
export function roleNameIn(role: RoleName, language: string): string {
  return (isLocale(language) && role.translations?.[language]?.name) || role.name;
}

/**
 * The roles a user may be given, named in the reader's language, and the name of any role key (a key
 * no role has any more is shown as it is).
 */
export function useRoleChoices(): { choices: Choice[]; nameOf: (key: string) => string } {
  const { t, i18n } = useTranslation('admin');
  const { data } = useQuery({ queryKey: ['Role', 'choices'], queryFn: allRoles, staleTime: 30_000 });
  const roles = data ?? [];
  const names = new Map(roles.map((role) => [role.key, roleNameIn(role, i18n.language)]));
  return {
    choices: roles.map((role) => ({ value: role.key, label: names.get(role.key)! })),
    // Until the roles are read, the built-in ones are named by the catalogue.
    nameOf: (key) => names.get(key) ?? (isBuiltInRole(key) ? t(`users.roleNames.${key}`) : key),
  };
}
