import { MultiSelect, Select } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useState } from 'react';
import { useBookSearch } from '../api/search-books.ts';

type Option = { value: string; label: string };

/** Books matching what is typed, plus those already chosen (so their names stay shown). */
function useBookOptions(known: Option[]) {
  const [search, setSearch] = useState('');
  const [q] = useDebouncedValue(search, 250);
  const books = useBookSearch(q);
  const found = (books.data?.items ?? []).map((b) => ({
    value: String(b.id),
    label: `${b.title} (${b.isbn})`,
  }));
  const data = [...known.filter((k) => !found.some((f) => f.value === k.value)), ...found];
  return { data, search, setSearch, unavailable: books.isError };
}

/** One book, searched by title or ISBN; its label is kept once chosen. */
export function BookSelect({
  value,
  onChange,
  label = 'Book',
  placeholder = 'Any book',
  known = [],
  w = 280,
}: {
  value: number | undefined;
  onChange: (id: number | undefined, label?: string) => void;
  label?: string;
  placeholder?: string;
  known?: Option[];
  w?: number;
}) {
  const options = useBookOptions(known);
  return (
    <Select
      label={label}
      placeholder={options.unavailable ? 'Books unavailable' : placeholder}
      searchable
      clearable
      w={w}
      data={options.data}
      searchValue={options.search}
      onSearchChange={options.setSearch}
      filter={({ options: all }) => all}
      value={value === undefined ? null : String(value)}
      onChange={(v, option) => onChange(v ? Number(v) : undefined, option?.label)}
      nothingFoundMessage="No book matches"
    />
  );
}

/** Two to four books for the side-by-side comparison. */
export function BooksMultiSelect({
  value,
  onChange,
  known,
}: {
  value: number[];
  onChange: (ids: number[]) => void;
  known: Option[];
}) {
  const options = useBookOptions(known);
  return (
    <MultiSelect
      label="Books to compare (two to four)"
      placeholder={value.length >= 4 ? undefined : 'Search by title or ISBN'}
      searchable
      maxValues={4}
      w={{ base: '100%', md: 640 }}
      data={options.data}
      searchValue={options.search}
      onSearchChange={options.setSearch}
      filter={({ options: all }) => all}
      value={value.map(String)}
      onChange={(ids) => onChange(ids.map(Number))}
      nothingFoundMessage="No book matches"
    />
  );
}
