import { useState, type ReactElement, type ReactNode } from 'react';
import { Button, Popover } from 'antd';
import { CheckOutlined } from '@ant-design/icons';

export interface Choice {
  key: string;
  label: ReactNode;
  /** Extra attributes for tests and the document language of the label. */
  testId?: string;
  lang?: string;
}

export interface ChoiceMenuProps {
  choices: readonly Choice[];
  current: string;
  onChoose: (key: string) => void;
  /** The always visible trigger button. */
  trigger: ReactElement;
  ariaLabel: string;
}

/**
 * A small pick-one menu in a popover (language, server). Deliberately not antd's Dropdown: the login route
 * then does not load the whole Menu component, which keeps its first load inside the size budget.
 */
export function ChoiceMenu({
  choices,
  current,
  onChoose,
  trigger,
  ariaLabel,
}: ChoiceMenuProps): ReactElement {
  const [open, setOpen] = useState(false);
  const content = (
    <ul className="choice-menu" role="menu" aria-label={ariaLabel}>
      {choices.map((choice) => (
        <li key={choice.key} role="none">
          <Button
            type="text"
            block
            role="menuitemradio"
            aria-checked={choice.key === current}
            icon={choice.key === current ? <CheckOutlined /> : <span className="menu-icon-spacer" />}
            className="choice-menu-item"
            data-testid={choice.testId}
            data-key={choice.key}
            lang={choice.lang}
            onClick={() => {
              setOpen(false);
              onChoose(choice.key);
            }}
          >
            {choice.label}
          </Button>
        </li>
      ))}
    </ul>
  );
  return (
    <Popover
      content={content}
      trigger="click"
      placement="bottomRight"
      open={open}
      onOpenChange={setOpen}
      arrow={false}
    >
      {trigger}
    </Popover>
  );
}
