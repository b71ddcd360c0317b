// A stored row as the API answers it (CONTRACT's users and playlists): the id as `_id`, and the
// times kept as milliseconds written as ISO 8601. Every other column of the row goes out as it is,
// in its order: a caller passes only the columns that may (users select `publicColumns`, never the
// hash). The typecheck catches an answer field the row lacks or types otherwise; it cannot catch a
// column more, which is why the select decides and the REST tests compare whole answers.

interface StoredRecord {
  id: string;
  createdAt: number;
  updatedAt: number;
}

export type ApiRecord<Row extends StoredRecord> = { _id: string } & Omit<Row, keyof StoredRecord> & { createdAt: string; updatedAt: string };

export function apiRecord<Row extends StoredRecord>(row: Row): ApiRecord<Row> {
  const { id, createdAt, updatedAt, ...columns } = row;
  return { _id: id, ...columns, createdAt: new Date(createdAt).toISOString(), updatedAt: new Date(updatedAt).toISOString() };
}
