"""The contract every game keeps, checked on every registered game and on the skeleton.

Each game declares the notices it writes and the reasons it refuses lines for
(``GameRules.notice_templates``, ``GameRules.refusal_reasons``); whole games played from
fixed seeds by the game's own ``bot`` show that the declarations are true, that every
text exists in every language, that snapshots round-trip, and that a seat's view keeps
what the seat may not see (TS-3, MS-4, CE-3). The checks live in ``contract_helpers``.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

import pytest
from contract_helpers import (
    SECRECY_RULES,
    contract_problems,
    first,
    notice_problems,
    played,
    reason_problems,
    secrecy_problems,
    snapshot_problems,
    template_problems,
)

from referee.core.rules import GameRules
from referee.games import KINDS, TEMPLATE_KIND, contract_kinds, contract_rules, rules_for
from referee.render import MissingTemplate, Renderer, templates_dir

CONTRACT_KINDS = contract_kinds()


@pytest.fixture(scope="module")
def renderer() -> Renderer:
    """The renderer over the repository's templates."""
    return Renderer(templates_dir())


def rules_of(kind: str) -> GameRules[Any]:
    """The rules of ``kind`` as the dataclass they are built as (so that tests may ``replace`` them)."""
    rules = contract_rules(kind)
    assert isinstance(rules, GameRules)
    return rules


@pytest.mark.parametrize("kind", CONTRACT_KINDS)
def test_every_declared_notice_has_a_text_in_every_language(kind: str, renderer: Renderer) -> None:
    assert template_problems(rules_of(kind), renderer) == []


@pytest.mark.parametrize("kind", CONTRACT_KINDS)
def test_every_refusal_reason_has_its_own_phrase_in_every_language(kind: str, renderer: Renderer) -> None:
    rules = rules_of(kind)
    assert rules.refusal_reasons, f"{kind} declares no refusal reasons"
    assert reason_problems(rules, renderer) == []


@pytest.mark.parametrize("kind", CONTRACT_KINDS)
def test_notices_and_refusals_of_whole_games_are_declared_and_render(kind: str, renderer: Renderer) -> None:
    for game in played(kind):
        assert game.rules.finished(game.states[-1])
        assert notice_problems(game, renderer) == []


@pytest.mark.parametrize("kind", CONTRACT_KINDS)
def test_snapshots_of_every_state_load_back_equal(kind: str) -> None:
    for game in played(kind):
        assert snapshot_problems(game) == []


@pytest.mark.parametrize("kind", CONTRACT_KINDS)
def test_ts3_ms4_ce3_a_seat_view_holds_nothing_hidden_from_the_seat(kind: str) -> None:
    for game in played(kind):
        assert len(game.checkpoints) > 1
        assert secrecy_problems(game, SECRECY_RULES[kind]) == []


@pytest.mark.parametrize("kind", CONTRACT_KINDS)
def test_the_notices_of_a_phase_read_only_the_logged_kinds_they_declare(kind: str) -> None:
    for game in played(kind):
        assert game.short_kinds == [], (
            f"{kind}: notices read kinds outside notice_kinds at {game.short_kinds}"
        )


def test_the_whole_contract_holds_for_the_skeleton(renderer: Renderer) -> None:
    """The one check a new game runs (``contract_problems``: every part above, seed by seed) passes for
    the skeleton; each shipped game is held to each part by the tests above, on the games they share."""
    assert (
        contract_problems(
            rules_of(TEMPLATE_KIND), renderer, lambda rules, seed: _replayed(TEMPLATE_KIND, seed)
        )
        == []
    )


def _replayed(kind: str, seed: int) -> Any:
    from contract_helpers import SEEDS

    return played(kind)[SEEDS.index(seed)]


# --- a game that misses something is named, with what it misses ------------------------------------


def test_a_notice_without_its_declaration_or_its_text_is_named(renderer: Renderer) -> None:
    rules = rules_of("museum-suspects")
    incomplete = replace(rules, notice_templates=(rules.notice_templates - {"turn"}) | {"zz_letter"})
    problems = contract_problems(incomplete, renderer)
    assert first(problems, "museum-suspects", "'zz_letter'", "en/museum-suspects/zz_letter.txt.j2")
    assert first(problems, "museum-suspects", "'zz_letter'", "ru/museum-suspects/zz_letter.txt.j2")
    assert first(problems, "museum-suspects", "'turn'", "not declared")


def test_a_refusal_reason_without_a_phrase_or_a_declaration_is_named(renderer: Renderer) -> None:
    rules = rules_of(TEMPLATE_KIND)
    incomplete = replace(rules, refusal_reasons=(rules.refusal_reasons - {"unknown_order"}) | {"zz_refused"})
    problems = contract_problems(incomplete, renderer)
    assert first(problems, TEMPLATE_KIND, "'zz_refused'", "no text in en")
    assert first(problems, TEMPLATE_KIND, "'zz_refused'", "no text in ru")
    assert first(problems, TEMPLATE_KIND, "'unknown_order'", "not declared")


def test_a_snapshot_that_loses_state_is_named(renderer: Renderer) -> None:
    rules = rules_of(TEMPLATE_KIND)
    forgetful = replace(rules, load=lambda raw: rules.load({**raw, "revealed": []}))
    assert first(contract_problems(forgetful, renderer), TEMPLATE_KIND, "does not load back equal")


@pytest.mark.parametrize("kind", ["cosmic-express", TEMPLATE_KIND])
def test_a_view_that_shows_the_game_masters_secrets_is_named(kind: str, renderer: Renderer) -> None:
    rules = rules_of(kind)

    def leaky(state: Any, seat: str, seen: list[Any]) -> dict[str, Any]:
        return {**rules.player_view(state, seat, seen), "everything": rules.master_view(state)}

    problems = contract_problems(replace(rules, player_view=leaky), renderer)
    assert first(problems, kind, "player_view of", "which only events hidden from", SECRECY_RULES[kind])


# --- the skeleton and the renderer -----------------------------------------------------------------


def test_notice_kinds_that_leave_out_what_the_notices_read_are_named(renderer: Renderer) -> None:
    """A boundary reads of a phase's log only the kinds the rules declare; declaring too few is named."""
    short = replace(rules_of("ten-sailors"), notice_kinds=frozenset({"talk_chosen"}))
    problem = first(contract_problems(short, renderer), "notice_kinds")
    assert problem is not None and problem.startswith("ten-sailors:")


def test_the_skeleton_is_checked_but_never_offered_to_players() -> None:
    assert TEMPLATE_KIND in CONTRACT_KINDS and TEMPLATE_KIND not in KINDS
    with pytest.raises(KeyError):
        rules_for(TEMPLATE_KIND)
    assert rules_of(TEMPLATE_KIND).kind == TEMPLATE_KIND


@pytest.mark.parametrize("kind", CONTRACT_KINDS)
def test_a_game_never_borrows_another_games_text(kind: str, renderer: Renderer) -> None:
    with pytest.raises(MissingTemplate, match=rf"{kind}.*zz_missing\.txt\.j2.*'ru'"):
        renderer.render("ru", "zz_missing.txt.j2", kind=kind)
    if kind != "ten-sailors":
        with pytest.raises(MissingTemplate, match=r"report\.txt\.j2"):
            renderer.render("en", "report.txt.j2", kind=kind, name="Anna", segment="d1h1")


@pytest.mark.parametrize("language", ["en", "ru"])
@pytest.mark.parametrize("kind", CONTRACT_KINDS)
def test_the_held_answer_is_shared_and_plain(kind: str, language: str, renderer: Renderer) -> None:
    text = renderer.render(language, "held.txt.j2", kind=kind, character="Anna", game_id="g-7")
    subject = renderer.render(language, "subject.txt.j2", template="held", character="Anna").strip()
    assert "Anna" in text and "g-7" in text and subject
    words = (
        ("error", "exception", "crash", "ошибк", "сбой")
        if language == "ru"
        else ("error", "exception", "crash")
    )
    assert not any(word in text.lower() for word in words)
