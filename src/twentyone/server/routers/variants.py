"""Variants: the lobby list, the rules text with pay tables, and the theoretical returns."""

from __future__ import annotations

from typing import Annotated

from fastapi import APIRouter, Path
from fastapi.concurrency import run_in_threadpool

from twentyone.rulestext import rules_document
from twentyone.server.deps import RtpDep, ServiceDep
from twentyone.server.schemas import RtpOut, RulesOut, VariantOut
from twentyone.store.service import TableService
from twentyone.variants import Variant, all_variants, find_variant

router = APIRouter(prefix="/api/variants", tags=["variants"])

VariantName = Annotated[
    str, Path(max_length=64, description="Variant name or alias, e.g. lucky-lucky, ll")
]


def variant_out(service: TableService, variant: Variant) -> VariantOut:
    """The lobby entry of ``variant`` (with the chips its table offers)."""
    rules = variant.rules
    return VariantOut(
        name=variant.name,
        title=variant.title,
        aliases=list(variant.aliases),
        decks=rules.decks,
        max_spots=rules.max_spots,
        side_bets=[str(b.name) for b in rules.side_bets],
        spot_names=[variant.spot_name(i) for i in range(rules.max_spots)],
        description=variant.description,
        chips=list(service.config.chips_for(variant.name)),
        advisor=variant.advisor,
    )


@router.get("", summary="Every variant")
def list_variants(service: ServiceDep) -> list[VariantOut]:
    """The variant presets, in registration order."""
    return [variant_out(service, v) for v in all_variants()]


@router.get("/{name}", summary="One variant")
def get_variant(name: VariantName, service: ServiceDep) -> VariantOut:
    """A variant by name or alias (``404 unknown-variant`` otherwise)."""
    return variant_out(service, find_variant(name))


@router.get("/{name}/rules", summary="Rules text and pay tables")
async def get_rules(name: VariantName, rtp: RtpDep, service: ServiceDep) -> RulesOut:
    """The rules page generated from the variant's rule switches: how to play, every button,
    the rules, every pay table, the exact returns beside any the document publishes, and the
    notes on malfunction, unfinished rounds, disconnection and history."""
    variant = find_variant(name)
    figures = await run_in_threadpool(rtp, variant)
    document = rules_document(
        variant, figures=figures, void_after_days=service.config.void_after_days
    )
    return RulesOut.model_validate(document)


@router.get("/{name}/rtp", summary="Theoretical return to player")
async def get_rtp(name: VariantName, rtp: RtpDep) -> RtpOut:
    """Exact RTP of the base game (optimal play) and of each side bet (computed once)."""
    variant = find_variant(name)
    figures = await run_in_threadpool(rtp, variant)
    return RtpOut.model_validate({"variant": variant.name, **figures})
