import { Anchor, Container, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router-dom';
import { IT } from '@incontra/contracts/messages/it';
import { IT_VISITOR_PAGES } from '@incontra/contracts/messages/it-visitor-pages';
import { ROUTES } from '@incontra/contracts/routes';
import { hasRichText } from '@incontra/contracts/visitor-texts';
import { useMfeProps } from '@incontra/mfe-kit/mfe-props-context';
import { RichText } from '../../../app/rich-text';
import { useDocumentTitle } from '@incontra/mfe-kit/use-document-title';

export type CompanyText = 'privacy' | 'terms';

/**
 * /privacy and /termini: the company's own text, as its admin wrote it in the back office, or a
 * line saying it is not there yet. The company the shell inlined carries both texts: no request.
 */
export function CompanyTextPage({ text }: { text: CompanyText }) {
  const { company } = useMfeProps();
  const texts = IT_VISITOR_PAGES[text];
  const html = text === 'privacy' ? company.privacyPolicy : company.tosPolicy;
  useDocumentTitle(IT_VISITOR_PAGES.documentTitle(texts.title, company.name));

  return (
    <Container size="sm" py="xl" w="100%">
      <Stack gap="lg">
        <Title order={1}>{texts.title}</Title>
        {html && hasRichText(html) ? <RichText html={html} /> : <Text c="dimmed">{texts.empty}</Text>}
        <Anchor component={Link} to={ROUTES.welcome}>
          {IT.shell.backHome}
        </Anchor>
      </Stack>
    </Container>
  );
}
