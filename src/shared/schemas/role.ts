import { z } from 'zod';
import { NAME_MAX, SHORT_TEXT_MAX, id, isoTimestamp, optionalText, recordId, requiredText } from '../fields.js';
import { defineEntity, filter } from '../entity.js';
import { MODULE_ACCESS, MODULE_KEYS, isBuiltInRole } from '../modules.js';
import type { Grants } from '../modules.js';
import { translatable } from '../translations.js';
import { coded } from '../validation-codes.js';
import { basedOn } from './revision.js';

/**
 * Roles (issue 21, docs/decisions/0059): the built-in ones (admin, editor, hr, service, marketing),
 * which grant write on their modules and cannot be changed, and custom ones an administrator builds
 * of modules, each with read or write. A user holds roles by key.
 */

export const ROLE_KEY_PATTERN = /^[a-z][a-z0-9-]{1,31}$/;

/** A role's key as a user's roles and the users list's filter name it: built-in or custom. */
export const roleKeyText = z.string().regex(ROLE_KEY_PATTERN, 'A lower-case letter, then 1 to 31 lower-case letters, digits or -');

/** A custom role's key: a short slug, never a built-in role's, fixed once the role exists. */
export const roleKey = roleKeyText
  .refine((key) => !isBuiltInRole(key), coded('built_in_role_key', 'That key is a built-in role\'s'));

const grantsShape = Object.fromEntries(MODULE_KEYS.map((key) => [key, z.enum(MODULE_ACCESS).optional()])) as Record<
  (typeof MODULE_KEYS)[number],
  z.ZodOptional<z.ZodEnum<{ read: 'read'; write: 'write' }>>
>;

/** Module by module: read or write; a module left out is closed to the role. At least one. */
export const grantsSchema: z.ZodType<Grants> = z
  .strictObject(grantsShape)
  .refine((grants) => Object.values(grants).some(Boolean), coded('no_grant', 'Give the role at least one module'));

const roleFields = {
  name: requiredText(NAME_MAX),
  description: optionalText(SHORT_TEXT_MAX),
};

/** A role's name and description in each language (docs/decisions/0054); its own is zh-CN. */
export const roleTexts = translatable(roleFields);

export const roleCreateSchema = z.strictObject({
  key: roleKey,
  ...roleFields,
  description: roleFields.description.default(''),
  grants: grantsSchema,
  translations: roleTexts.input.optional(),
});

/** The key is not among the fields: it names the role in every user's roles and never changes. */
export const roleUpdateSchema = z.strictObject(roleFields).partial().extend({
  id,
  grants: grantsSchema.optional(),
  updatedAt: basedOn,
  translations: roleTexts.input.optional(),
});

export const roleRecord = z.object({
  id: recordId,
  key: z.string(),
  name: z.string(),
  description: z.string(),
  grants: z.object(grantsShape),
  /** One of the five roles Portico comes with: answered for reference, never changed or deleted. */
  builtIn: z.boolean(),
  /** How many users hold the role (a role in use cannot be deleted). */
  userCount: z.number().int(),
  translations: roleTexts.record,
  createdAt: isoTimestamp,
  updatedAt: isoTimestamp,
});

export const roleEntity = defineEntity({
  name: 'Role',
  record: roleRecord,
  create: roleCreateSchema,
  update: roleUpdateSchema,
  filters: { builtIn: filter(z.boolean()) },
  sort: ['key', 'name', 'createdAt', 'id'] as const,
  search: ['key', 'name'],
  staffOnly: ['translations'],
  translatable: roleTexts,
});

export type Role = z.infer<typeof roleRecord>;
export type RoleCreate = z.infer<typeof roleCreateSchema>;
export type RoleUpdate = z.infer<typeof roleUpdateSchema>;
