import { SystemNotice } from './SystemNotice.tsx';

/** Page not found (`/404`, where every unknown path goes; spec §2): "Ups ;(", the message and a way home. */
export function NotFound() {
  return (
    <SystemNotice
      screen="not-found"
      title="app.not_found_title"
      paragraphs={[{ key: 'app.not_found', lead: true }, { key: 'app.not_found_text' }]}
    />
  );
}
