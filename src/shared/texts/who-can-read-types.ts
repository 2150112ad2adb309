/** The shape of the statement on /who-can-read (decision 082). */
export interface Stored {
  table: string;
  columns: readonly string[];
}

export interface ReadItem {
  title: string;
  detail: string;
  /** Operator items: where the server keeps it. */
  stored?: readonly Stored[];
  /** Files kept beside the database, when media is stored as files. */
  files?: string;
}

export interface ReadSection {
  id: 'operator' | 'partner' | 'phone';
  heading: string;
  intro: string;
  items: readonly ReadItem[];
}
