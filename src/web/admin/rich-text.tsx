import { Suspense, lazy } from 'react';
import { useTranslation } from 'react-i18next';
import { Spin } from 'antd';

/**
 * The rich-text editor (ProseMirror and its extensions, the back-office's largest piece of code) is
 * fetched the first time an editor shows one, so that the lists and every other screen load without
 * it (issue 21, "half the weight").
 */
const Editor = lazy(() => import('./rich-text-editor.js').then((module) => ({ default: module.RichTextEditor })));

/**
 * A rich-text field for antd forms (value / onChange): headings, lists, quotes, links and uploaded
 * images. `label` names the editable area for screen readers. Until the editor's code has arrived it
 * shows that it is loading, in the field's place.
 */
export function RichText(props: { value?: string; onChange?: (html: string) => void; id?: string; label?: string }) {
  const { t } = useTranslation('admin');
  return (
    <Suspense
      fallback={
        <div className="rich-editor rich-editor-loading" role="status">
          <Spin size="small" /> {t('editor.loading')}
        </div>
      }
    >
      <Editor {...props} />
    </Suspense>
  );
}
