import { cn } from '@/lib/cn';

/**
 * Member-written text as plain text: paragraphs (blank lines) and line breaks kept, nothing
 * read as HTML or Markdown. React text nodes only, so `<script>` or an `onerror` attribute is
 * shown as the characters it is.
 */
export function PlainText({ text, className }: { text: string; className?: string }) {
  const paragraphs = text.split(/\n\s*\n/);
  return (
    <div dir="auto" className={cn('space-y-3 break-words', className)}>
      {paragraphs.map((p, i) => (
        <p key={i} className="whitespace-pre-line">
          {p}
        </p>
      ))}
    </div>
  );
}
