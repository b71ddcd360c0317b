// A stored row as the API answers it (CONTRACT's users and playlists): the id as `_id`, and the
// times kept as milliseconds written as ISO 8601. Every other column passes as it is, in its
// order, so a column the answer type lacks, or one missing from it, fails the typecheck.

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
