import { z } from 'zod';
import { NAME_MAX, id, requiredText } from '../fields.js';
import { querySchema } from '../query.js';

/** NewsCategory and JobCategory share one shape. */
const categoryFields = {
  name: requiredText(NAME_MAX),
  sortOrder: z.number().int().min(-1_000_000).max(1_000_000),
};

export const categoryCreateSchema = z.strictObject({
  ...categoryFields,
  sortOrder: categoryFields.sortOrder.default(0),
});
export const categoryUpdateSchema = z.strictObject(categoryFields).partial().extend({ id });
export const categoryQuerySchema = querySchema({}, ['sortOrder', 'name', 'createdAt', 'id'] as const);

export type CategoryCreate = z.infer<typeof categoryCreateSchema>;

export interface Category {
  id: number;
  name: string;
  sortOrder: number;
  itemCount: number;
  createdAt: string;
  updatedAt: string;
}
