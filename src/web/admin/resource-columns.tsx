import type { ReactNode } from 'react';
import type { z } from 'zod';
import { fieldKindOf } from '../../shared/entity.js';
import type { EntityDef } from '../../shared/entity.js';
import { choicesOf, isTimeField } from './entity-fields.js';
import type { FilterDef } from './resource-list.js';
import { formatTime } from './time.js';
import { Tag } from './ui/controls.js';
import type { Column } from './ui/data-table.js';
import type { FieldText } from './use-field-text.js';

/**
 * A list's columns and filters, read from the entity's definition: what a field holds
 * decides how it is shown, the sort whitelist which columns sort, the filters which controls appear.
 */

type Entity = Pick<EntityDef, 'record' | 'filters' | 'sort'>;
/** A column's own renderer; it names its field's value type (`never` here lets any such type in). */
export type Render<T> = (value: never, row: T) => ReactNode;
export type Choice = { value: string | number; label: string };

/** A record field's value as a cell or a detail shows it: times in local time, flags and lists as tags, choices by name. */
export function showValue(entity: Entity, text: FieldText, field: string, value: unknown): ReactNode {
  const schema = (entity.record.shape as Record<string, z.ZodType>)[field];
  if (isTimeField(schema)) return formatTime(value as string | null);
  const kind = schema ? fieldKindOf(schema) : 'other';
  if (kind === 'boolean') return <Tag color={value ? 'green' : 'default'}>{text.valueText(field, value)}</Tag>;
  if (kind === 'array' && Array.isArray(value)) return value.map((item) => <Tag key={String(item)}>{text.valueText(field, item)}</Tag>);
  return text.valueText(field, value);
}

/** The columns of the chosen fields: titled by their labels, sortable where the definition sorts. */
export function columnsOf<T>(
  entity: Entity,
  text: FieldText,
  fields: readonly string[],
  render: Partial<Record<string, Render<T>>> = {},
): Column<T>[] {
  const sortable = new Set<string>(entity.sort);
  return fields.map((field) => {
    const custom = render[field] as ((value: unknown, row: T) => ReactNode) | undefined;
    return {
      title: text.label(field),
      dataIndex: field,
      key: field,
      // Which way it is sorted is the list's to say (`ResourceList`), from its query.
      sorter: sortable.has(field),
      render: (value: unknown, row: T) => (custom ? custom(value, row) : showValue(entity, text, field, value)),
    };
  });
}

/**
 * The list's filter controls: an enum or a flag is a select, a `…From`/`…To` pair on one field is a
 * date range; any other filter (a number, free text) appears only with the choices a screen gives it.
 * Selects come first, in the definition's order, then the ranges.
 */
export function filtersOf(entity: Entity, text: FieldText, rangeLabel: string, choices: Partial<Record<string, Choice[]>> = {}): FilterDef[] {
  const selects: FilterDef[] = [];
  const ranges: FilterDef[] = [];
  const inRange = new Set<string>();
  for (const [name, spec] of Object.entries(entity.filters)) {
    const base = /^(.+)From$/.exec(name)?.[1];
    const end = base ? entity.filters[`${base}To`] : undefined;
    if (base && end && spec.op === '>=' && end.op === '<=' && (spec.field ?? name) === (end.field ?? `${base}To`)) {
      ranges.push({ name: base, label: rangeLabel, kind: 'dateRange' });
      inRange.add(name).add(`${base}To`);
    }
  }
  for (const [name, spec] of Object.entries(entity.filters)) {
    if (inRange.has(name)) continue;
    const field = spec.field ?? name;
    const label = text.label(field);
    const values = choicesOf(spec.schema);
    const given = choices[name];
    if (given) selects.push({ name, label, options: given });
    else if (values) selects.push({ name, label, options: values.map((value) => ({ value, label: text.valueText(field, value) })) });
    else if (fieldKindOf(spec.schema) === 'boolean') {
      // antd's select keeps numbers, not booleans: 1 and 0 stand for the flag until it is sent.
      const options = [1, 0].map((value) => ({ value, label: text.valueText(field, value === 1) }));
      selects.push({ name, label, options, toValue: (value) => value === 1 });
    }
  }
  return [...selects, ...ranges];
}
