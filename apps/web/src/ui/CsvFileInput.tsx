import { FileInput } from '@mantine/core';
import { IconFileTypeCsv } from '@tabler/icons-react';

/** The required CSV file of an import page, clearable; choosing or clearing a file calls `onChange`. */
export function CsvFileInput({ value, onChange }: { value: File | null; onChange: (file: File | null) => void }) {
  return (
    <FileInput
      label="CSV file"
      accept=".csv,text/csv"
      leftSection={<IconFileTypeCsv size={18} aria-hidden />}
      value={value}
      onChange={onChange}
      clearable
      clearButtonProps={{ 'aria-label': 'Remove the file' }}
      required
    />
  );
}
