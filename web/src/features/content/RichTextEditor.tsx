import { Extension } from '@tiptap/core';
import { EditorContent, useEditor, type Editor } from '@tiptap/react';
import Image from '@tiptap/extension-image';
import TextAlign from '@tiptap/extension-text-align';
import { FontSize, TextStyle } from '@tiptap/extension-text-style';
import StarterKit from '@tiptap/starter-kit';
import { useEffect } from 'react';
import { MEDIA_PICKED, PHOTO_LINK, type MediaPickedMessage } from '../../../../src/shared/media';
import { modalLookOf } from '../../../../src/shared/rich-text-allow-list';
import { EDITOR_LANGUAGE } from '../../../../src/shared/rich-text-editor';
import { EditorToolbar } from './EditorToolbar';
import './richTextEditor.css';

/** A link's `data-modal` (the allow-list's mark for a link that opens in the pop-up, issue 39 item 5), kept through editing. */
const ModalLink = Extension.create({
  name: 'modalLink',
  addGlobalAttributes() {
    return [
      {
        types: ['link'],
        attributes: {
          modal: {
            default: null,
            parseHTML: (element) => modalLookOf(element.getAttribute('data-modal')) ?? null,
            renderHTML: (attributes) => (modalLookOf(attributes.modal as string | null) ? { 'data-modal': attributes.modal as string } : {}),
          },
        },
      },
    ];
  },
});

export interface RichTextEditorProps {
  /** The cleaned HTML the block shows: the editor starts from it. */
  initialHtml: string;
  /** What is being edited, for the editor's accessible name (e.g. 'About text'). */
  label: string;
  /** Names this editor to the image picker it opens (staff spec §2: /admin/elfinder/popup/{editor id}). */
  editorId: string;
  onChange: (html: string) => void;
}

/**
 * The in-place editor's rich-text field (staff spec §2, §9): TipTap with the marks and blocks the site's
 * allow-list keeps (nothing else is offered, so nothing typed is silently dropped on save), font sizes 8-150,
 * spell-checked as en-GB. Loaded only when an admin presses Edit.
 */
export function RichTextEditor({ initialHtml, label, editorId, onChange }: RichTextEditorProps) {
  const editor = useEditor({
    extensions: [
      StarterKit.configure({
        code: false,
        codeBlock: false,
        horizontalRule: false,
        heading: { levels: [2, 3, 4] },
        link: { openOnClick: false, protocols: ['http', 'https', 'mailto'], defaultProtocol: 'https', HTMLAttributes: { rel: 'noopener noreferrer' } },
      }),
      TextStyle,
      FontSize,
      TextAlign.configure({ types: ['heading', 'paragraph'] }),
      Image.configure({ inline: false }),
      ModalLink,
    ],
    content: initialHtml,
    immediatelyRender: false,
    // The toolbar shows what applies at the cursor: it renders again as the cursor moves.
    shouldRerenderOnTransaction: true,
    editorProps: {
      attributes: { lang: EDITOR_LANGUAGE, spellcheck: 'true', role: 'textbox', 'aria-multiline': 'true', 'aria-label': label, class: 'rich-text-editor form-control' },
    },
    onUpdate: ({ editor: changed }) => onChange(changed.getHTML()),
  });
  usePickedImages(editor, editorId);

  return (
    <div className="rich-text-editing" data-testid="rich-text-editor">
      {editor && <EditorToolbar editor={editor} editorId={editorId} />}
      <EditorContent editor={editor} />
    </div>
  );
}

/** An image the picker window hands back (its MEDIA_PICKED message, from this site only) goes in at the cursor. */
function usePickedImages(editor: Editor | null, editorId: string) {
  useEffect(() => {
    if (!editor) return;
    const onMessage = (event: MessageEvent) => {
      if (event.origin !== window.location.origin) return;
      const data = event.data as Partial<MediaPickedMessage> | null;
      if (data?.type !== MEDIA_PICKED || data.editorId !== editorId || !data.image) return;
      const { url, alt, width, height } = data.image;
      // Only the shop's own stored pictures: the allow-list keeps no other source.
      if (typeof url !== 'string' || !PHOTO_LINK.test(url) || typeof alt !== 'string') return;
      editor.chain().focus().setImage({ src: url, alt, width, height }).run();
    };
    window.addEventListener('message', onMessage);
    return () => window.removeEventListener('message', onMessage);
  }, [editor, editorId]);
}
