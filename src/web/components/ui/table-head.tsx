/** The header row of a data table. */
export function TableHead({ columns }: { columns: string[] }) {
  return (
    <thead className="text-xs uppercase text-gray-500">
      <tr>
        {columns.map((c) => (
          <th key={c} className="py-2 pr-3 font-medium">
            {c}
          </th>
        ))}
      </tr>
    </thead>
  );
}
