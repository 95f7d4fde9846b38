import { useId, useRef } from 'react';
import { Box, Button, HStack, Image, Progress, Stack, Text } from '@chakra-ui/react';
import { ImagePlus, Trash2 } from 'lucide-react';
import { admin as t } from '@/i18n/admin';
import { useImageUpload } from './useImageUpload';

interface ImageUploadProps {
  value: string;
  onChange: (url: string) => void;
  /** Accessible name of the file input. */
  label?: string;
}

/** Featured-image control: preview, progress bar, 'Uploading...' while sending, 'Change Image' once chosen. */
export default function ImageUpload({ value, onChange, label = t.uploadImage }: ImageUploadProps) {
  const inputRef = useRef<HTMLInputElement>(null);
  const hintId = useId();
  const { upload, uploading, progress, error } = useImageUpload();

  const onFile = async (file: File | undefined) => {
    if (!file) return;
    const url = await upload(file);
    if (url) onChange(url);
    if (inputRef.current) inputRef.current.value = '';
  };

  return (
    <Stack gap="3" data-testid="image-upload">
      {value ? (
        <Box borderWidth="1px" borderRadius="md" overflow="hidden" maxW="md">
          <Image src={value} alt="" maxH="60" w="full" objectFit="cover" data-testid="image-preview" />
        </Box>
      ) : null}
      <input
        ref={inputRef}
        type="file"
        accept="image/*"
        hidden
        aria-label={label}
        aria-describedby={hintId}
        data-testid="image-file-input"
        onChange={(event) => void onFile(event.target.files?.[0])}
      />
      <HStack gap="2" wrap="wrap">
        <Button variant="outline" size="sm" disabled={uploading} onClick={() => inputRef.current?.click()}>
          <ImagePlus size={16} aria-hidden />
          {uploading ? t.uploading : value ? t.changeImage : t.uploadImage}
        </Button>
        {value && !uploading ? (
          <Button variant="ghost" size="sm" colorPalette="red" onClick={() => onChange('')}>
            <Trash2 size={16} aria-hidden />
            {t.removeImage}
          </Button>
        ) : null}
      </HStack>
      {uploading ? (
        <Progress.Root value={progress ?? 0} size="sm" maxW="md" aria-label={t.uploading}>
          <Progress.Track>
            <Progress.Range />
          </Progress.Track>
        </Progress.Root>
      ) : null}
      <Text id={hintId} fontSize="sm" color="fg.muted" dir="ltr" textAlign="start">
        {t.uploadHint}
      </Text>
      {error ? (
        <Text role="alert" fontSize="sm" color="fg.error">
          {error}
        </Text>
      ) : null}
    </Stack>
  );
}
