import { useTranslation } from 'react-i18next';
import { Button, Card, Col, Empty, Form, Input, InputNumber, Row, Select, Space } from 'antd';
import type { FormInstance } from 'antd';
import { useState } from 'react';
import type { z } from 'zod';
import { LOCALES } from '../../shared/locale.js';
import type { Locale } from '../../shared/locale.js';
import { ACTIONS_MAX, BLOCKS_MAX, FEED_COUNT_MAX, GALLERY_MAX, ITEMS_MAX, PAGE_BLOCK_TYPES, emptyBlock, pageBlockSchemas, pageContent } from '../../shared/schemas/page.js';
import type { PageBlockType, PageContent } from '../../shared/schemas/page.js';
import type { ValidationIssue } from '../../shared/api.js';
import { issueText } from './error-text.js';
import { ImagePicker } from './image-picker.js';
import { RichText } from './rich-text.js';
import { zodRule } from './zod-rule.js';
import { useReadOnly } from './read-only.js';

/**
 * The editor of a page (docs/decisions/0034): its title and description in both languages, and its
 * blocks as an ordered list: add one of a chosen kind, move it up or down, remove it. Each block's
 * fields come from a small table per kind below and are checked with the shared schema's field, the
 * one the server applies; every text has its Chinese and English inputs side by side.
 */

type FieldKind = 'text' | 'longText' | 'html' | 'image' | 'href' | 'count' | 'side';
interface FieldSpec {
  name: string;
  kind: FieldKind;
}
interface ListSpec {
  name: 'actions' | 'items' | 'images';
  max: number;
  fields: FieldSpec[];
  /** A new item's value. */
  empty: () => unknown;
}

const text = () => ({ 'zh-CN': '', 'en-US': '' });

/** What each kind of block lets staff write, in order. */
export const BLOCK_FIELDS: Record<PageBlockType, { fields: FieldSpec[]; list?: ListSpec }> = {
  hero: {
    fields: [
      { name: 'title', kind: 'text' },
      { name: 'text', kind: 'longText' },
      { name: 'image', kind: 'image' },
      { name: 'imageAlt', kind: 'text' },
    ],
    list: { name: 'actions', max: ACTIONS_MAX, fields: [{ name: 'label', kind: 'text' }, { name: 'href', kind: 'href' }], empty: () => ({ label: text(), href: '' }) },
  },
  richText: { fields: [{ name: 'title', kind: 'text' }, { name: 'html', kind: 'html' }] },
  cards: {
    fields: [{ name: 'title', kind: 'text' }],
    list: {
      name: 'items',
      max: ITEMS_MAX,
      fields: [{ name: 'title', kind: 'text' }, { name: 'text', kind: 'longText' }, { name: 'image', kind: 'image' }, { name: 'imageAlt', kind: 'text' }],
      empty: () => ({ title: text(), text: text(), image: '', imageAlt: text() }),
    },
  },
  figures: {
    fields: [{ name: 'title', kind: 'text' }],
    list: { name: 'items', max: ITEMS_MAX, fields: [{ name: 'value', kind: 'text' }, { name: 'label', kind: 'text' }], empty: () => ({ value: text(), label: text() }) },
  },
  imageText: {
    fields: [
      { name: 'title', kind: 'text' },
      { name: 'text', kind: 'longText' },
      { name: 'image', kind: 'image' },
      { name: 'imageAlt', kind: 'text' },
      { name: 'imageSide', kind: 'side' },
    ],
  },
  steps: {
    fields: [{ name: 'title', kind: 'text' }],
    list: { name: 'items', max: ITEMS_MAX, fields: [{ name: 'title', kind: 'text' }, { name: 'text', kind: 'longText' }], empty: () => ({ title: text(), text: text() }) },
  },
  gallery: {
    fields: [{ name: 'title', kind: 'text' }],
    list: { name: 'images', max: GALLERY_MAX, fields: [{ name: 'src', kind: 'image' }, { name: 'alt', kind: 'text' }], empty: () => ({ src: '', alt: text() }) },
  },
  callToAction: {
    fields: [
      { name: 'title', kind: 'text' },
      { name: 'text', kind: 'longText' },
      { name: 'label', kind: 'text' },
      { name: 'href', kind: 'href' },
    ],
  },
  latestNews: { fields: [{ name: 'title', kind: 'text' }, { name: 'count', kind: 'count' }] },
  openJobs: { fields: [{ name: 'title', kind: 'text' }, { name: 'count', kind: 'count' }] },
};

const LANGUAGE_NAMES: Record<Locale, string> = { 'zh-CN': '中文', 'en-US': 'English' };
const LOCALIZED = new Set<FieldKind>(['text', 'longText', 'html']);

type AnyObject = z.ZodObject<Record<string, z.ZodType>>;

/** The shared schema of one field: of the block, or of an item of its list. */
function schemaOf(type: PageBlockType, field: string, list?: ListSpec['name']): z.ZodType {
  const block = pageBlockSchemas[type] as unknown as AnyObject;
  const owner = list ? ((block.shape[list] as z.ZodArray<AnyObject>).element as AnyObject) : block;
  return owner.shape[field];
}

/** A form path from an API issue's path: `blocks.0.title.zh-CN` → `['blocks', 0, 'title', 'zh-CN']`. */
export const formPathOf = (path: string) => path.split('.').map((part) => (/^\d+$/.test(part) ? Number(part) : part));

/**
 * Shows the server's refusals on the fields they name, each said by its code in the user's language;
 * answers whether every one found its field.
 */
export function showIssues(form: FormInstance, issues: ValidationIssue[], t: (key: string, options?: Record<string, unknown>) => string): boolean {
  const fields = issues.filter((issue) => issue.path).map((issue) => ({ name: formPathOf(issue.path), errors: [issueText(issue, t)] }));
  form.setFields(fields);
  return fields.length > 0 && fields.every((field) => form.getFieldError(field.name).length > 0);
}

interface FieldProps {
  /** The field's path inside its block (or list item), as Form.List hands it. */
  path: (string | number)[];
  spec: FieldSpec;
  schema: z.ZodType;
  idPrefix: string;
}

/** One field: a text in both languages side by side, or an image, a link, a number, a choice. */
function BlockField({ path, spec, schema, idPrefix }: FieldProps) {
  const { t } = useTranslation('admin');
  const label = t(`pages.fields.${spec.name}`);
  if (LOCALIZED.has(spec.kind)) {
    const shape = (schema as unknown as AnyObject).shape;
    return (
      <fieldset className="page-editor-field">
        <legend>{label}</legend>
        <Row gutter={16}>
          {LOCALES.map((locale) => (
            <Col xs={24} md={12} key={locale}>
              <Form.Item name={[...path, spec.name, locale]} label={`${label} · ${LANGUAGE_NAMES[locale]}`} rules={[zodRule(shape[locale], t)]}>
                {spec.kind === 'html' ? (
                  <RichText id={`${idPrefix}-${spec.name}-${locale}`} label={`${label} · ${LANGUAGE_NAMES[locale]}`} />
                ) : spec.kind === 'longText' ? (
                  <Input.TextArea lang={locale} autoSize={{ minRows: 2, maxRows: 10 }} />
                ) : (
                  <Input lang={locale} />
                )}
              </Form.Item>
            </Col>
          ))}
        </Row>
      </fieldset>
    );
  }
  const name = [...path, spec.name];
  switch (spec.kind) {
    case 'image':
      return (
        <Form.Item name={name} label={label} rules={[zodRule(schema, t)]}>
          <ImagePicker />
        </Form.Item>
      );
    case 'href':
      return (
        <Form.Item name={name} label={label} rules={[zodRule(schema, t)]} extra={t('pages.hrefHint')}>
          <Input inputMode="url" />
        </Form.Item>
      );
    case 'count':
      return (
        <Form.Item name={name} label={label} rules={[zodRule(schema, t)]}>
          <InputNumber min={1} max={FEED_COUNT_MAX} precision={0} />
        </Form.Item>
      );
    case 'side':
      return (
        <Form.Item name={name} label={label}>
          <Select
            style={{ maxWidth: 240 }}
            options={[
              { value: 'left', label: t('pages.sides.left') },
              { value: 'right', label: t('pages.sides.right') },
            ]}
          />
        </Form.Item>
      );
    default:
      return null;
  }
}

/** Move up, move down and remove, as buttons a keyboard reaches, named for screen readers. */
function OrderButtons({ index, count, label, move, remove }: { index: number; count: number; label: string; move: (from: number, to: number) => void; remove: (index: number) => void }) {
  const { t } = useTranslation('admin');
  if (useReadOnly()) return null;
  return (
    <Space wrap>
      <Button size="small" disabled={index === 0} onClick={() => move(index, index - 1)} aria-label={`${t('pages.moveUp')}: ${label}`}>
        ↑ {t('pages.moveUp')}
      </Button>
      <Button size="small" disabled={index === count - 1} onClick={() => move(index, index + 1)} aria-label={`${t('pages.moveDown')}: ${label}`}>
        ↓ {t('pages.moveDown')}
      </Button>
      <Button size="small" danger onClick={() => remove(index)} aria-label={`${t('pages.remove')}: ${label}`}>
        {t('pages.remove')}
      </Button>
    </Space>
  );
}

/** A block's list (a hero's buttons, cards, figures, steps, a gallery's images). */
function BlockList({ blockIndex, type, list }: { blockIndex: number; type: PageBlockType; list: ListSpec }) {
  const { t } = useTranslation('admin');
  const readOnly = useReadOnly();
  return (
    <fieldset className="page-editor-list">
      <legend>{t(`pages.lists.${list.name}`)}</legend>
      <Form.List name={[blockIndex, list.name]}>
        {(items, { add, move, remove }) => (
          <>
            {items.map((item, index) => {
              const label = t('pages.itemLabel', { index: index + 1 });
              return (
                <Card key={item.key} size="small" title={label} extra={<OrderButtons index={index} count={items.length} label={label} move={move} remove={remove} />} style={{ marginBottom: 12 }}>
                  {list.fields.map((spec) => (
                    <BlockField key={spec.name} path={[item.name]} spec={spec} schema={schemaOf(type, spec.name, list.name)} idPrefix={`block-${blockIndex}-${list.name}-${index}`} />
                  ))}
                </Card>
              );
            })}
            {!readOnly && (
              <Button onClick={() => add(list.empty())} disabled={items.length >= list.max}>
                + {t('pages.addItem')}
              </Button>
            )}
          </>
        )}
      </Form.List>
    </fieldset>
  );
}

export interface PageEditorProps {
  form: FormInstance<PageContent>;
  initialValues: PageContent;
  onValuesChange?: () => void;
}

/** The page's form; the screen around it saves, previews and publishes. */
export function PageEditor({ form, initialValues, onValuesChange }: PageEditorProps) {
  const { t } = useTranslation('admin');
  // Opened by a role that may only read the site: every field disabled, no block added, moved or removed.
  const readOnly = useReadOnly();
  const [newType, setNewType] = useState<PageBlockType>('richText');
  const typeName = (type: PageBlockType) => t(`pages.blockTypes.${type}`);
  const basics = pageContent.shape;

  return (
    <Form<PageContent> form={form} layout="vertical" initialValues={initialValues} onValuesChange={onValuesChange} disabled={readOnly} scrollToFirstError>
      <section aria-labelledby="page-basics">
        <h2 id="page-basics">{t('pages.basics')}</h2>
        {(['title', 'description'] as const).map((name) => (
          <fieldset key={name} className="page-editor-field">
            <legend>{t(name === 'title' ? 'pages.pageTitle' : 'pages.description')}</legend>
            <Row gutter={16}>
              {LOCALES.map((locale) => (
                <Col xs={24} md={12} key={locale}>
                  <Form.Item
                    name={[name, locale]}
                    label={`${t(name === 'title' ? 'pages.pageTitle' : 'pages.description')} · ${LANGUAGE_NAMES[locale]}`}
                    rules={[zodRule(basics[name].shape[locale], t)]}
                    extra={locale === 'zh-CN' ? t(name === 'title' ? 'pages.titleHint' : 'pages.descriptionHint') : undefined}
                  >
                    {name === 'title' ? <Input lang={locale} /> : <Input.TextArea lang={locale} autoSize={{ minRows: 2, maxRows: 6 }} />}
                  </Form.Item>
                </Col>
              ))}
            </Row>
          </fieldset>
        ))}
      </section>
      <section aria-labelledby="page-blocks">
        <h2 id="page-blocks">{t('pages.blocks')}</h2>
        <Form.List name="blocks">
          {(items, { add, move, remove }) => (
            <>
              {items.length === 0 && <Empty description={t('pages.noBlocks')} />}
              {items.map((item, index) => {
                // Read from the form's store as the list renders: a block just added or moved is there already.
                const type = form.getFieldValue(['blocks', item.name, 'type']) as PageBlockType | undefined;
                if (!type) return null;
                const spec = BLOCK_FIELDS[type];
                const label = t('pages.blockLabel', { index: index + 1, type: typeName(type) });
                return (
                  <Card
                    key={item.key}
                    title={<h3 style={{ margin: 0, fontSize: 16 }}>{label}</h3>}
                    extra={<OrderButtons index={index} count={items.length} label={label} move={move} remove={remove} />}
                    style={{ marginBottom: 16 }}
                    data-block-type={type}
                  >
                    <Form.Item name={[item.name, 'type']} hidden>
                      <Input />
                    </Form.Item>
                    {spec.fields.map((field) => (
                      <BlockField key={field.name} path={[item.name]} spec={field} schema={schemaOf(type, field.name)} idPrefix={`block-${index}`} />
                    ))}
                    {spec.list && <BlockList blockIndex={item.name} type={type} list={spec.list} />}
                  </Card>
                );
              })}
              {!readOnly && (
              <Space wrap>
                <label htmlFor="page-new-block-type">{t('pages.blockType')}</label>
                <Select<PageBlockType>
                  id="page-new-block-type"
                  value={newType}
                  onChange={setNewType}
                  style={{ minWidth: 220 }}
                  options={PAGE_BLOCK_TYPES.map((type) => ({ value: type, label: typeName(type) }))}
                />
                <Button onClick={() => add(emptyBlock(newType))} disabled={items.length >= BLOCKS_MAX}>
                  + {t('pages.addBlock')}
                </Button>
              </Space>
              )}
            </>
          )}
        </Form.List>
      </section>
    </Form>
  );
}
