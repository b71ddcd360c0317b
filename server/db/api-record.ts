// A stored row as the API answers it (CONTRACT's users and playlists): the id as `_id`, and the
// times kept as milliseconds written as ISO 8601. Every other column of the row goes out as it is,
// in its order, so the caller names both types and the compiler holds them to each other: a column
// the answer lacks (a hash, say) does not satisfy `Answer`'s constraint, and an answer field the row
// lacks or types otherwise makes the row unacceptable.

interface StoredRecord {
  id: string;
  createdAt: number;
  updatedAt: number;
}

type ApiRecord<Row extends StoredRecord> = { _id: string } & Omit<Row, keyof StoredRecord> & { createdAt: string; updatedAt: string };

export function apiRecord<Answer extends ApiRecord<Row>, Row extends StoredRecord>(row: Row & (ApiRecord<Row> extends Answer ? unknown : never)): Answer {
  const { id, createdAt, updatedAt, ...columns } = row;
  const answer: ApiRecord<Row> = { _id: id, ...columns, createdAt: new Date(createdAt).toISOString(), updatedAt: new Date(updatedAt).toISOString() };
  return answer as Answer;
}
