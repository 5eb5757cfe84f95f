import '@mantine/tiptap/styles.css';
import { Input } from '@mantine/core';
import { getUploadImageExtension, Link, RichTextEditor as MantineEditor } from '@mantine/tiptap';
import Image from '@tiptap/extension-image';
import { useEditor } from '@tiptap/react';
import StarterKit from '@tiptap/starter-kit';
import { useId } from 'react';
import { IT_COMPANY } from '@incontra/contracts/messages/it-company';
import { apiErrorMessage } from '@incontra/mfe-kit/api-error';
import { useMfeProps } from '@incontra/mfe-kit/mfe-props-context';
import { uploadImage } from '../api/upload-image';

/*
 * The back office's rich-text editor (privacy, terms, walls): what it produces is what the API's
 * sanitiser keeps (paragraphs, headings 2–4, bold, italic, underline, strike, lists, quotes, links,
 * images). The tiptap code is only ever imported here, in the back-office remote.
 */

/** Links the sanitiser keeps; anything else is refused as the link is written. */
const ALLOWED_LINK = /^(https?:\/\/|mailto:|tel:|\/(?!\/)|#)/i;
const LINK_ATTRIBUTES = { rel: 'noopener noreferrer nofollow', target: '_blank' };

interface RichTextEditorProps {
  label: string;
  /** The HTML the editor starts from (read once: remount with a `key` for another text). */
  initialHtml: string;
  /** Every change, as HTML ('' when the text is empty). */
  onChange(html: string): void;
}

export function RichTextEditor({ label, initialHtml, onChange }: RichTextEditorProps) {
  const { notify } = useMfeProps();
  const labelId = useId();
  const editor = useEditor({
    extensions: [
      StarterKit.configure({ heading: { levels: [2, 3, 4] }, link: false, codeBlock: false, trailingNode: false }),
      Link.configure({ openOnClick: false, HTMLAttributes: LINK_ATTRIBUTES, isAllowedUri: (url) => ALLOWED_LINK.test(url) }),
      getUploadImageExtension(Image, {
        onImageUpload: uploadImage,
        onImageUploadError: (_file, error) => notify.show({ kind: 'error', message: `${IT_COMPANY.image.uploadFailed} ${apiErrorMessage(error)}` }),
      }),
    ],
    content: initialHtml,
    editorProps: { attributes: { 'aria-labelledby': labelId, 'aria-multiline': 'true', role: 'textbox' } },
    onUpdate: ({ editor: current }) => onChange(current.isEmpty ? '' : current.getHTML()),
  });

  return (
    <Input.Wrapper label={label} labelElement="div" labelProps={{ id: labelId }}>
      <MantineEditor editor={editor} labels={IT_COMPANY.editor.labels} mt={4}>
        <MantineEditor.Toolbar>
          <MantineEditor.ControlsGroup>
            <MantineEditor.Bold />
            <MantineEditor.Italic />
            <MantineEditor.Underline />
            <MantineEditor.Strikethrough />
            <MantineEditor.ClearFormatting />
          </MantineEditor.ControlsGroup>
          <MantineEditor.ControlsGroup>
            <MantineEditor.H2 />
            <MantineEditor.H3 />
            <MantineEditor.H4 />
          </MantineEditor.ControlsGroup>
          <MantineEditor.ControlsGroup>
            <MantineEditor.BulletList />
            <MantineEditor.OrderedList />
            <MantineEditor.Blockquote />
            <MantineEditor.Hr />
          </MantineEditor.ControlsGroup>
          <MantineEditor.ControlsGroup>
            <MantineEditor.Link />
            <MantineEditor.Unlink />
            <MantineEditor.ImageUpload accept="image/png,image/jpeg,image/webp,image/gif" />
          </MantineEditor.ControlsGroup>
          <MantineEditor.ControlsGroup>
            <MantineEditor.Undo />
            <MantineEditor.Redo />
          </MantineEditor.ControlsGroup>
        </MantineEditor.Toolbar>
        <MantineEditor.Content />
      </MantineEditor>
    </Input.Wrapper>
  );
}
