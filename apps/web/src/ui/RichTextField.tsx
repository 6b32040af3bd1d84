import { styleNonce } from './style-nonce';
import '@mantine/tiptap/styles.css';
import { Input } from '@mantine/core';
import { Link, RichTextEditor } from '@mantine/tiptap';
import { IconPhoto } from '@tabler/icons-react';
import { mergeAttributes, Node, useEditor } from '@tiptap/react';
import StarterKit from '@tiptap/starter-kit';
import { useId } from 'react';

/**
 * An image in the article body. The starter kit has none; this one keeps what the server's cleaner keeps of an image
 * (src, alt, title, width, height).
 */
const ArticleImage = Node.create({
  name: 'image',
  group: 'block',
  atom: true,
  draggable: true,
  addAttributes: () => ({
    src: { default: null },
    alt: { default: '' },
    title: { default: null },
    width: { default: null },
    height: { default: null },
  }),
  parseHTML: () => [{ tag: 'img[src]' }],
  renderHTML: ({ HTMLAttributes }) => ['img', mergeAttributes(HTMLAttributes)],
});

interface Props {
  label: string;
  value: string;
  error?: string;
  onChange: (html: string) => void;
  /** The editor's image button (none without it): opens the media manager, which then calls `insert`. */
  onPickImage?: (insert: (src: string, alt: string) => void) => void;
}

/**
 * A rich-text body (Mantine's Tiptap editor): the article body, with an image button that picks from the media manager,
 * and the EULA's text. It starts from
 * `value` when it mounts (the form mounts afresh for each article) and reports every change.
 */
export function RichTextField({ label, value, error, onChange, onPickImage }: Props) {
  const labelId = useId();
  const errorId = useId();
  const editor = useEditor({
    extensions: [StarterKit.configure({ link: false }), Link.configure({ openOnClick: false }), ArticleImage],
    content: value,
    // Tiptap's base styles go in a style element, which the page's CSP allows only with its nonce.
    injectNonce: styleNonce() || undefined,
    immediatelyRender: true,
    shouldRerenderOnTransaction: false,
    editorProps: {
      attributes: {
        role: 'textbox',
        'aria-multiline': 'true',
        'aria-labelledby': labelId,
        ...(error ? { 'aria-invalid': 'true', 'aria-describedby': errorId } : {}),
      },
    },
    onUpdate: ({ editor: e }) => onChange(e.getHTML()),
  });

  return (
    <Input.Wrapper label={label} labelProps={{ id: labelId }} required error={error} errorProps={{ id: errorId }}>
      <RichTextEditor editor={editor} mt={4}>
        <RichTextEditor.Toolbar>
          <RichTextEditor.ControlsGroup>
            <RichTextEditor.Bold />
            <RichTextEditor.Italic />
            <RichTextEditor.Strikethrough />
            <RichTextEditor.ClearFormatting />
          </RichTextEditor.ControlsGroup>
          <RichTextEditor.ControlsGroup>
            <RichTextEditor.H2 />
            <RichTextEditor.H3 />
            <RichTextEditor.Blockquote />
            <RichTextEditor.BulletList />
            <RichTextEditor.OrderedList />
          </RichTextEditor.ControlsGroup>
          <RichTextEditor.ControlsGroup>
            <RichTextEditor.Link />
            <RichTextEditor.Unlink />
            {onPickImage && (
              <RichTextEditor.Control
                aria-label="Insert image"
                title="Insert image"
                onClick={() =>
                  onPickImage((src, alt) => editor?.chain().focus().insertContent({ type: 'image', attrs: { src, alt } }).run())
                }
              >
                <IconPhoto size={16} stroke={1.5} aria-hidden />
              </RichTextEditor.Control>
            )}
          </RichTextEditor.ControlsGroup>
          <RichTextEditor.ControlsGroup>
            <RichTextEditor.Undo />
            <RichTextEditor.Redo />
          </RichTextEditor.ControlsGroup>
        </RichTextEditor.Toolbar>
        <RichTextEditor.Content mih={200} />
      </RichTextEditor>
    </Input.Wrapper>
  );
}
