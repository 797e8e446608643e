import { Pagination } from '@mantine/core';
import { paginationControlProps, paginationItemProps } from './pagination-labels.ts';

/** Pages of a list, shown only when there is more than one. */
export function Pager({
  total,
  pageSize,
  page,
  onChange,
}: {
  total: number;
  pageSize: number;
  page: number;
  onChange: (page: number) => void;
}) {
  if (total <= pageSize) return null;
  return (
    <Pagination
      total={Math.ceil(total / pageSize)}
      value={page}
      onChange={onChange}
      getControlProps={paginationControlProps}
      getItemProps={paginationItemProps}
    />
  );
}
