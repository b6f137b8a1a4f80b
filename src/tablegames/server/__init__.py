"""The live table server (issue 11): the game-neutral table runtime (`runtime.TableRuntime`), its
refusals (`errors.CommandRefused`) and the ledger postings derived from the game's money events
(`money.moves_for`). It drives every game through the table protocol (`tablegames.core.table`)
and the registry (`tablegames.games`) alone and never imports a game package."""
