use std::collections::HashMap;
use std::sync::Arc;

use super::*;
use crate::book::frontier;
use crate::{Board, Solver};

/// The layer of a small board at `plies`, from the solver's own scores.
fn small_layer(plies: usize) -> (PositionDatabase, Solver) {
    let g = Geometry::new(5, 4, 4).unwrap();
    let mut solver = Solver::new();
    let scored: Vec<_> = frontier(g, plies)
        .into_iter()
        .filter(|p| !p.can_win_next())
        .map(|p| (p, solver.solve(&p)))
        .collect();
    (
        PositionDatabase::from_scores(g, plies, scored).unwrap(),
        solver,
    )
}

#[test]
fn every_position_of_the_layer_has_its_score_and_others_none() {
    let (layer, mut solver) = small_layer(6);
    let g = layer.geometry();
    let mut held = 0;
    for p in frontier(g, 6) {
        if p.can_win_next() {
            assert_eq!(layer.score(&p), None, "a win in one is not held");
        } else {
            assert_eq!(layer.score(&p), Some(solver.solve(&p)), "{p:?}");
            held += 1;
        }
    }
    assert!(held > 100, "{held}");
    assert_eq!(layer.score(&frontier(g, 5)[3]), None, "another ply");
    assert_eq!(
        layer.score(&Position::new(Geometry::STANDARD)),
        None,
        "another board"
    );
}

#[test]
fn the_file_round_trips_and_refuses_damage_with_what_is_wrong() {
    let (layer, _) = small_layer(6);
    let bytes = layer.to_bytes();
    assert_eq!(PositionDatabase::from_bytes(&bytes).unwrap(), layer);

    assert_eq!(
        PositionDatabase::from_bytes(b"C4BOOK\x02"),
        Err(DatabaseError::NotALayer)
    );
    assert_eq!(
        PositionDatabase::from_bytes(b""),
        Err(DatabaseError::NotALayer)
    );
    let mut future = bytes.clone();
    future[7] = 9;
    assert_eq!(
        PositionDatabase::from_bytes(&future),
        Err(DatabaseError::Version(9))
    );
    assert_eq!(
        PositionDatabase::from_bytes(&bytes[..12]),
        Err(DatabaseError::Truncated)
    );
    assert_eq!(
        PositionDatabase::from_bytes(&bytes[..bytes.len() - 3]),
        Err(DatabaseError::Truncated)
    );
    let mut damaged = bytes.clone();
    damaged[HEADER_LEN - 1] ^= 1; // the checksum itself
    assert_eq!(
        PositionDatabase::from_bytes(&damaged),
        Err(DatabaseError::Damaged)
    );
    let mut count = bytes.clone();
    count[12] ^= 1;
    assert!(matches!(
        PositionDatabase::from_bytes(&count),
        Err(DatabaseError::Count { .. })
    ));
}

#[test]
fn two_scores_for_one_position_are_refused() {
    let g = Geometry::new(5, 4, 4).unwrap();
    let board = Board::from_moves(g, "1122").unwrap();
    let mirror = Board::from_moves(g, "5544").unwrap();
    let same = [(*board.position(), 1), (*mirror.position(), 1)];
    assert_eq!(PositionDatabase::from_scores(g, 4, same).unwrap().len(), 1);
    let clash = [(*board.position(), 1), (*mirror.position(), 2)];
    assert!(matches!(
        PositionDatabase::from_scores(g, 4, clash),
        Err(DatabaseError::Conflict(_))
    ));
    let short = Board::from_moves(g, "112").unwrap();
    assert!(matches!(
        PositionDatabase::from_scores(g, 4, [(*short.position(), 0)]),
        Err(DatabaseError::WrongPosition(_))
    ));
}

#[test]
fn the_solver_stops_at_the_layer_and_still_answers_exactly() {
    let (layer, mut plain) = small_layer(8);
    let g = layer.geometry();
    let layer = Arc::new(layer);
    let mut with = Solver::new();
    with.use_solved(&crate::SolvedPositions::default().with_database(Some(layer)));
    let (mut nodes_with, mut nodes_without) = (0, 0);
    let mut memo = HashMap::new();
    for plies in 2..8 {
        for p in frontier(g, plies) {
            plain.clear();
            with.clear();
            let expected = plain.solve(&p);
            nodes_without += plain.nodes();
            memo.insert(p.key(), expected);
            assert_eq!(with.solve(&p), expected, "{p:?}");
            nodes_with += with.nodes();
            assert_eq!(
                with.analyze(&p, crate::Mode::Strong),
                plain.analyze(&p, crate::Mode::Strong)
            );
        }
    }
    assert!(
        nodes_with * 3 < nodes_without,
        "{nodes_with} nodes with the layer, {nodes_without} without"
    );
}

#[test]
fn a_body_inflated_elsewhere_is_checked_against_its_header() {
    let (layer, _) = small_layer(6);
    let bytes = layer.to_bytes();
    let file = LayerFile::read(&bytes).unwrap();
    let body = miniz_oxide::inflate::decompress_to_vec(file.deflated()).unwrap();
    assert_eq!(body.len(), file.body_len());
    assert_eq!(
        LayerFile::read(&bytes)
            .unwrap()
            .with_body(body.clone())
            .unwrap(),
        layer
    );

    let mut damaged = body.clone();
    *damaged.last_mut().unwrap() ^= 1;
    assert_eq!(
        LayerFile::read(&bytes).unwrap().with_body(damaged),
        Err(DatabaseError::Damaged)
    );
    assert_eq!(
        file.with_body(body[..body.len() - 1].to_vec()),
        Err(DatabaseError::Damaged)
    );
    assert_eq!(
        LayerFile::read(&bytes[..10]).map(|f| f.body_len()),
        Err(DatabaseError::Truncated)
    );
}
