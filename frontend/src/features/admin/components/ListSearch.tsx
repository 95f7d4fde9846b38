import { Input, InputGroup } from '@chakra-ui/react';
import { Search } from 'lucide-react';
import { useSearchAsYouType } from './useSearchAsYouType';

/** An admin list's search box: its words go to the server after a pause in typing (useSearchAsYouType). */
export default function ListSearch({ label, onSearch }: { label: string; onSearch: (text: string) => void }) {
  const [text, setText] = useSearchAsYouType(onSearch);
  return (
    <InputGroup startElement={<Search size={16} aria-hidden />}>
      <Input
        type="search"
        name="q"
        maxLength={200}
        size={{ base: 'lg', md: 'md' }}
        placeholder={label}
        aria-label={label}
        value={text}
        onChange={(event) => setText(event.target.value)}
      />
    </InputGroup>
  );
}
