/** What an action on the settings page ended in: a success (announced politely) or a failure (an alert). */
export interface Notice {
  readonly kind: 'success' | 'error';
  readonly text: string;
}

export function NoticeLine({ notice }: { readonly notice: Notice }) {
  return (
    <p className={`upload-notice upload-notice--${notice.kind}`} role={notice.kind === 'error' ? 'alert' : 'status'}>
      {notice.text}
    </p>
  );
}
