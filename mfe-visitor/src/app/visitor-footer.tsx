import { Anchor, Group } from '@mantine/core';
import { Link } from 'react-router-dom';
import { IT_VISITOR_PAGES } from '@incontra/contracts/messages/it-visitor-pages';
import { ROUTES } from '@incontra/contracts/routes';

/**
 * The foot of every visitor page: the company's privacy and terms pages, one tap away wherever the
 * visitor is (the booking form asks to accept the privacy text; the cookie banner goes once
 * accepted). A `<footer>` outside `<main>`: the page's contentinfo landmark.
 */
export function VisitorFooter() {
  return (
    <footer>
      <Group component="ul" justify="center" gap="lg" py="lg" px="md" m={0} style={{ listStyle: 'none' }}>
        <li>
          <Anchor component={Link} to={ROUTES.privacy} size="sm">
            {IT_VISITOR_PAGES.privacy.title}
          </Anchor>
        </li>
        <li>
          <Anchor component={Link} to={ROUTES.terms} size="sm">
            {IT_VISITOR_PAGES.terms.title}
          </Anchor>
        </li>
      </Group>
    </footer>
  );
}
