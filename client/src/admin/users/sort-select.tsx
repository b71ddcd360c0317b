// The phones' sort control (spec §2): where the table's rows are cards and its header row is not
// shown, one labelled select picks the column and the order together, and says which is in force.
import { SORT_ORDERS, type SortOrder, type UserSortField } from '@shared/constants';
import { SelectField } from '@/ui/select-field';
import { SORT_COLUMNS } from './users-table';
import './sort-select.css';

interface Choice {
  sortBy: UserSortField;
  sortOrder: SortOrder;
  label: string;
}

// The list's own order first (spec §4: newest first), then each column both ways.
const CHOICES: readonly Choice[] = [
  { sortBy: 'createdAt', sortOrder: 'desc', label: 'Newest first' },
  { sortBy: 'createdAt', sortOrder: 'asc', label: 'Oldest first' },
  ...SORT_COLUMNS.flatMap(({ label, sortBy }) =>
    SORT_ORDERS.map((sortOrder) => ({ sortBy, sortOrder, label: `${label}, ${sortOrder === 'asc' ? 'A to Z' : 'Z to A'}` })),
  ),
];

const valueOf = ({ sortBy, sortOrder }: Pick<Choice, 'sortBy' | 'sortOrder'>) => `${sortBy} ${sortOrder}`;
const byValue = new Map(CHOICES.map((choice) => [valueOf(choice), choice]));

interface SortSelectProps {
  sortBy: UserSortField;
  sortOrder: SortOrder;
  onSort: (sortBy: UserSortField, sortOrder: SortOrder) => void;
}

export function SortSelect({ sortBy, sortOrder, onSort }: SortSelectProps) {
  return (
    <div className="sort-select">
      <SelectField
        label="Sort by"
        className="input--compact"
        options={CHOICES.map(valueOf)}
        optionLabel={(value) => byValue.get(value)?.label ?? value}
        value={valueOf({ sortBy, sortOrder })}
        onChange={(e) => {
          const choice = byValue.get(e.target.value);
          if (choice) onSort(choice.sortBy, choice.sortOrder);
        }}
      />
    </div>
  );
}
