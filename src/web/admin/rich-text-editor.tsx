import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { EditorContent, useEditor } from '@tiptap/react';
import { useReadOnly } from './read-only.js';
import StarterKit from '@tiptap/starter-kit';
import Image from '@tiptap/extension-image';
import Link from '@tiptap/extension-link';
import { App as AntApp, Button } from 'antd';
import { api } from '../api/client.js';
import { errorText } from './error-text.js';

export interface UploadedFile {
  id: number;
  name: string;
  size: number;
  mimeType: string;
  url: string;
}

export async function uploadImage(file: File): Promise<UploadedFile> {
  const form = new FormData();
  form.set('file', file);
  return api<UploadedFile>('File', { form });
}

/**
 * The rich-text editor behind `RichText` (loaded on demand): headings, lists, quotes, links and uploaded
 * images. `label` names the editable area for screen readers: a `<label for>` cannot name a
 * content-editable element, so the form item's label is given again here.
 */
export function RichTextEditor({ value, onChange, id, label }: { value?: string; onChange?: (html: string) => void; id?: string; label?: string }) {
  const { t } = useTranslation('admin');
  const { message } = AntApp.useApp();
  const fileInput = useRef<HTMLInputElement>(null);
  const readOnly = useReadOnly();
  const editor = useEditor({
    extensions: [StarterKit.configure({ link: false }), Link.configure({ openOnClick: false }), Image],
    content: value ?? '',
    editable: !readOnly,
    immediatelyRender: false,
    editorProps: { attributes: { id: id ?? '', 'aria-multiline': 'true', role: 'textbox', ...(label ? { 'aria-label': label } : {}) } },
    onUpdate: ({ editor: current }) => onChange?.(current.isEmpty ? '' : current.getHTML()),
  });
  // The label follows the interface language.
  useEffect(() => {
    if (editor && label) editor.setOptions({ editorProps: { attributes: { id: id ?? '', 'aria-multiline': 'true', role: 'textbox', 'aria-label': label } } });
  }, [editor, id, label]);
  // A value set from outside (the record loading) replaces the text; typing does not loop back.
  useEffect(() => {
    if (editor && value !== undefined && value !== editor.getHTML() && !(value === '' && editor.isEmpty)) {
      editor.commands.setContent(value, { emitUpdate: false });
    }
  }, [editor, value]);

  const insertImage = async (file: File | undefined) => {
    if (!file || !editor) return;
    try {
      const uploaded = await uploadImage(file);
      editor.chain().focus().setImage({ src: uploaded.url, alt: uploaded.name }).run();
    } catch (error) {
      message.error(errorText(error, t));
    } finally {
      if (fileInput.current) fileInput.current.value = '';
    }
  };

  const button = (label: string, action: () => void, active = false) => (
    <Button size="small" type={active ? 'primary' : 'default'} onMouseDown={(e) => e.preventDefault()} onClick={action}>
      {label}
    </Button>
  );

  return (
    <div className="rich-editor">
      {editor && !readOnly && (
        <div className="toolbar" role="toolbar">
          {button(t('editor.bold'), () => editor.chain().focus().toggleBold().run(), editor.isActive('bold'))}
          {button(t('editor.italic'), () => editor.chain().focus().toggleItalic().run(), editor.isActive('italic'))}
          {button(t('editor.heading'), () => editor.chain().focus().toggleHeading({ level: 2 }).run(), editor.isActive('heading', { level: 2 }))}
          {button(t('editor.bulletList'), () => editor.chain().focus().toggleBulletList().run(), editor.isActive('bulletList'))}
          {button(t('editor.orderedList'), () => editor.chain().focus().toggleOrderedList().run(), editor.isActive('orderedList'))}
          {button(t('editor.quote'), () => editor.chain().focus().toggleBlockquote().run(), editor.isActive('blockquote'))}
          {button(t('editor.link'), () => {
            const href = window.prompt(t('editor.linkPrompt'), editor.getAttributes('link').href ?? 'https://');
            if (href === null) return;
            if (href === '') editor.chain().focus().unsetLink().run();
            else editor.chain().focus().setLink({ href }).run();
          }, editor.isActive('link'))}
          {button(t('editor.image'), () => fileInput.current?.click())}
          {button(t('editor.undo'), () => editor.chain().focus().undo().run())}
          {button(t('editor.redo'), () => editor.chain().focus().redo().run())}
          <input ref={fileInput} type="file" accept="image/png,image/jpeg,image/webp,image/gif" style={{ display: 'none' }} aria-label={t('editor.image')} onChange={(e) => void insertImage(e.target.files?.[0])} />
        </div>
      )}
      <EditorContent editor={editor} />
    </div>
  );
}
