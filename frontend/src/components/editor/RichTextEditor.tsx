import { Component, lazy, Suspense, useEffect, useState, type ErrorInfo, type ReactNode } from 'react';
import { HStack, Spinner, Text } from '@chakra-ui/react';
import FallbackEditor from './FallbackEditor';
import { forceFallback, isFallbackForced, mentionsEditorLibrary } from './fallback-state';
import { editorText as t } from './strings';
import type { RichTextEditorProps } from './types';

const FullEditor = lazy(() => import('./FullEditor'));

class EditorErrorBoundary extends Component<{ onError: (error: unknown) => void; children: ReactNode }, { failed: boolean }> {
  state = { failed: false };

  static getDerivedStateFromError() {
    return { failed: true };
  }

  componentDidCatch(error: Error, info: ErrorInfo) {
    this.props.onError({ error, componentStack: info.componentStack });
  }

  render() {
    return this.state.failed ? null : this.props.children;
  }
}

/**
 * The rich-text editor used by the post and page editors: the full Tiptap editor, loaded lazily; if it fails
 * to load or throws, or a page-level error mentions the editor library, the simple editor takes over for good.
 */
export default function RichTextEditor(props: RichTextEditorProps) {
  const [fallback, setFallback] = useState(isFallbackForced);

  useEffect(() => {
    if (fallback) return;
    const onError = (event: ErrorEvent) => {
      if (mentionsEditorLibrary(event.error ?? event.message)) {
        forceFallback(event.error ?? event.message);
        setFallback(true);
      }
    };
    const onRejection = (event: PromiseRejectionEvent) => {
      if (mentionsEditorLibrary(event.reason)) {
        forceFallback(event.reason);
        setFallback(true);
      }
    };
    window.addEventListener('error', onError);
    window.addEventListener('unhandledrejection', onRejection);
    return () => {
      window.removeEventListener('error', onError);
      window.removeEventListener('unhandledrejection', onRejection);
    };
  }, [fallback]);

  if (fallback) {
    return (
      <>
        <Text srOnly>{t.fallbackNotice}</Text>
        <FallbackEditor {...props} />
      </>
    );
  }

  return (
    <EditorErrorBoundary
      onError={(error) => {
        forceFallback(error);
        setFallback(true);
      }}
    >
      <Suspense
        fallback={
          <HStack h={`${(props.height ?? 500) + 48}px`} justify="center" borderWidth="1px" borderRadius="md">
            <Spinner size="sm" />
            <Text fontSize="sm">{t.loadingEditor}</Text>
          </HStack>
        }
      >
        <FullEditor {...props} />
      </Suspense>
    </EditorErrorBoundary>
  );
}
